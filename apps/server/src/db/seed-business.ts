import { buttons, type SeedMenu } from './seed-menu.ts';

/** The business: agents first; sites, machines, orders and coupons follow. */
export const businessMenus: SeedMenu[] = [
  {
    title: 'Business',
    type: 0,
    path: 'business',
    icon: 'shopping',
    children: [
      {
        title: 'Agents',
        type: 1,
        path: 'agents',
        component: 'business/agent/index',
        componentName: 'Agents',
        icon: 'people',
        permission: 'agent:list',
        cache: true,
        children: [
          { title: 'Agent: add', type: 2, permission: 'agent:add' },
          { title: 'Agent: edit', type: 2, permission: 'agent:edit' },
          { title: 'Agent: review', type: 2, permission: 'agent:review' },
        ],
      },
      {
        title: 'Sites',
        type: 1,
        path: 'sites',
        component: 'business/site/index',
        componentName: 'Sites',
        icon: 'international',
        permission: 'site:list',
        cache: true,
        children: buttons('Site', 'site'),
      },
      {
        title: 'Machines',
        type: 1,
        path: 'machines',
        component: 'business/machine/index',
        componentName: 'Machines',
        icon: 'dev',
        permission: 'device:list',
        cache: true,
        children: [
          { title: 'Machine: register', type: 2, permission: 'device:add' },
          { title: 'Machine: allocate', type: 2, permission: 'device:allocate' },
          { title: 'Machine: operate', type: 2, permission: 'device:operate' },
          { title: 'Machine: edit', type: 2, permission: 'device:edit' },
        ],
      },
      {
        title: 'Machine models',
        type: 1,
        path: 'models',
        component: 'business/model/index',
        componentName: 'MachineModels',
        icon: 'zujian',
        permission: 'device:list',
        children: [
          { title: 'Machine model: edit', type: 2, permission: 'device:edit' },
          { title: 'Machine model: delete', type: 2, permission: 'device:del' },
        ],
      },
      {
        title: 'Price policies',
        type: 1,
        path: 'price-policies',
        component: 'business/policy/index',
        componentName: 'PricePolicies',
        icon: 'money',
        permission: 'policy:list',
        cache: true,
        children: buttons('Price policy', 'policy'),
      },
      {
        title: 'Alarms',
        type: 1,
        path: 'alarms',
        component: 'business/alarm/index',
        componentName: 'Alarms',
        icon: 'message',
        permission: 'alarm:list',
        cache: true,
        children: [{ title: 'Alarm: handle', type: 2, permission: 'alarm:edit' }],
      },
      {
        title: 'Orders',
        type: 1,
        path: 'orders',
        component: 'business/order/index',
        componentName: 'Orders',
        icon: 'list',
        permission: 'order:list',
        cache: true,
        children: [{ title: 'Order: refund', type: 2, permission: 'refund:add' }],
      },
      {
        title: 'Refunds',
        type: 1,
        path: 'refunds',
        component: 'business/refund/index',
        componentName: 'Refunds',
        icon: 'skill',
        permission: 'refund:list',
        cache: true,
        children: [{ title: 'Refund: review', type: 2, permission: 'refund:review' }],
      },
      {
        title: 'Members',
        type: 1,
        path: 'members',
        component: 'business/member/index',
        componentName: 'Members',
        icon: 'peoples',
        permission: 'member:list',
        cache: true,
      },
      {
        title: 'Coupons',
        type: 1,
        path: 'coupons',
        component: 'business/coupon/index',
        componentName: 'Coupons',
        icon: 'tab',
        permission: 'coupon:list',
        cache: true,
        children: [...buttons('Coupon', 'coupon'), { title: 'Coupon: issue', type: 2, permission: 'coupon:issue' }],
      },
    ],
  },
];

/**
 * Finance: the ledger and agents' statements; withdrawals, reconciliation and water cards join
 * them here. Agents' staff see their own agent's statements.
 */
export const financeMenus: SeedMenu[] = [
  {
    title: 'Finance',
    type: 0,
    path: 'finance',
    icon: 'money',
    children: [
      {
        title: 'Statements',
        type: 1,
        path: 'statements',
        component: 'finance/statement/index',
        componentName: 'Statements',
        icon: 'chart',
        permission: 'statement:list',
        cache: true,
      },
      {
        title: 'Ledger',
        type: 1,
        path: 'ledger',
        component: 'finance/ledger/index',
        componentName: 'Ledger',
        icon: 'log',
        permission: 'ledger:list',
        cache: true,
        children: [{ title: 'Ledger: close period', type: 2, permission: 'ledger:close' }],
      },
      {
        title: 'Reconciliation',
        type: 1,
        path: 'reconciliation',
        component: 'finance/reconciliation/index',
        componentName: 'Reconciliation',
        icon: 'tree-table',
        permission: 'reconcile:list',
        cache: true,
        children: [
          { title: 'Reconciliation: import', type: 2, permission: 'reconcile:import' },
          { title: 'Reconciliation: resolve', type: 2, permission: 'reconcile:resolve' },
        ],
      },
    ],
  },
];

/** Roles of the business besides Administrator and User; each holds the menus of these permissions. */
export interface SeedRole {
  name: string;
  level: number;
  dataScope: string;
  description: string;
  permissions: string[];
}

export const seedBusinessRoles: SeedRole[] = [
  {
    name: 'Agent manager',
    level: 3,
    dataScope: '本级及以下',
    description:
      'Runs an agent: its agents beneath, sites, machines, prices, alarms, orders, refunds, members and coupons',
    permissions: [
      'agent:list',
      'agent:add',
      'agent:edit',
      'agent:review',
      'site:list',
      'site:add',
      'site:edit',
      'site:del',
      'device:list',
      'device:allocate',
      'device:operate',
      'policy:list',
      'policy:add',
      'policy:edit',
      'policy:del',
      'alarm:list',
      'alarm:edit',
      'order:list',
      'refund:list',
      'refund:add',
      'member:list',
      'coupon:list',
      'coupon:add',
      'coupon:edit',
      'coupon:del',
      'coupon:issue',
      'statement:list',
    ],
  },
  {
    name: 'Finance',
    level: 3,
    dataScope: '全部',
    description: 'Sees orders and refunds, refunds orders and reviews refunds; keeps the ledger and closes its periods',
    permissions: [
      'order:list',
      'refund:list',
      'refund:add',
      'refund:review',
      'coupon:list',
      'statement:list',
      'ledger:list',
      'ledger:close',
      'reconcile:list',
      'reconcile:import',
      'reconcile:resolve',
    ],
  },
];
