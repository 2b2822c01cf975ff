/**
 * What a new installation starts with. Titles are English; the web app translates known ones.
 * Icon names are those of eladmin-web's icon set, so that its clients show them too.
 */

export interface SeedMenu {
  title: string;
  type: 0 | 1 | 2;
  path?: string;
  component?: string;
  componentName?: string;
  icon?: string;
  permission?: string;
  cache?: boolean;
  /** Whether the User role may see it. */
  forUsers?: boolean;
  children?: SeedMenu[];
}

const buttons = (noun: string, prefix: string): SeedMenu[] => [
  { title: `${noun}: add`, type: 2, permission: `${prefix}:add` },
  { title: `${noun}: edit`, type: 2, permission: `${prefix}:edit` },
  { title: `${noun}: delete`, type: 2, permission: `${prefix}:del` },
];

/** The business: agents first; sites, machines, orders and coupons follow. */
const businessMenus: SeedMenu[] = [
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
    ],
  },
  {
    name: 'Finance',
    level: 3,
    dataScope: '全部',
    description: 'Sees orders and refunds, refunds orders and reviews refunds',
    permissions: ['order:list', 'refund:list', 'refund:add', 'refund:review', 'coupon:list'],
  },
];

export const seedMenus: SeedMenu[] = [
  {
    title: 'System',
    type: 0,
    path: 'system',
    icon: 'system',
    forUsers: true,
    children: [
      {
        title: 'Users',
        type: 1,
        path: 'user',
        component: 'system/user/index',
        componentName: 'User',
        icon: 'peoples',
        permission: 'user:list',
        cache: true,
        forUsers: true,
        children: buttons('User', 'user'),
      },
      {
        title: 'Roles',
        type: 1,
        path: 'role',
        component: 'system/role/index',
        componentName: 'Role',
        icon: 'role',
        permission: 'roles:list',
        children: buttons('Role', 'roles'),
      },
      {
        title: 'Menus',
        type: 1,
        path: 'menu',
        component: 'system/menu/index',
        componentName: 'Menu',
        icon: 'menu',
        permission: 'menu:list',
        children: buttons('Menu', 'menu'),
      },
      {
        title: 'Departments',
        type: 1,
        path: 'dept',
        component: 'system/dept/index',
        componentName: 'Dept',
        icon: 'dept',
        permission: 'dept:list',
        forUsers: true,
        children: buttons('Department', 'dept'),
      },
      {
        title: 'Jobs',
        type: 1,
        path: 'job',
        component: 'system/job/index',
        componentName: 'Job',
        icon: 'Steve-Jobs',
        permission: 'job:list',
        forUsers: true,
        children: buttons('Job', 'job'),
      },
      {
        title: 'Dictionaries',
        type: 1,
        path: 'dict',
        component: 'system/dict/index',
        componentName: 'Dict',
        icon: 'dictionary',
        permission: 'dict:list',
        forUsers: true,
        children: buttons('Dictionary', 'dict'),
      },
    ],
  },
  {
    title: 'Monitor',
    type: 0,
    path: 'monitor',
    icon: 'monitor',
    children: [
      {
        title: 'Online users',
        type: 1,
        path: 'online',
        component: 'monitor/online/index',
        componentName: 'OnlineUser',
        icon: 'web',
        permission: 'online:list',
        children: [{ title: 'Online users: kick out', type: 2, permission: 'online:del' }],
      },
      {
        title: 'Operation log',
        type: 1,
        path: 'logs',
        component: 'monitor/log/index',
        componentName: 'Log',
        icon: 'log',
        permission: 'log:list',
      },
      {
        title: 'Error log',
        type: 1,
        path: 'errorLog',
        component: 'monitor/log/errorLog',
        componentName: 'ErrorLog',
        icon: 'error',
        permission: 'log:list',
      },
      {
        title: 'Server',
        type: 1,
        path: 'server',
        component: 'monitor/server/index',
        componentName: 'ServerMonitor',
        icon: 'server',
        permission: 'monitor:list',
      },
      {
        title: 'SQL',
        type: 1,
        path: 'sql',
        component: 'monitor/sql/index',
        componentName: 'Sql',
        icon: 'sqlMonitor',
        permission: 'sql:list',
      },
    ],
  },
  {
    title: 'Tools',
    type: 0,
    path: 'sys-tools',
    icon: 'tools',
    children: [
      {
        title: 'Storage',
        type: 1,
        path: 'storage',
        component: 'tools/storage/index',
        componentName: 'Storage',
        icon: 'qiniu',
        permission: 'storage:list',
        children: buttons('File', 'storage'),
      },
      {
        title: 'Global settings',
        type: 1,
        path: 'settings',
        component: 'tools/settings/index',
        componentName: 'GlobalSettings',
        icon: 'system1',
        permission: 'setting:list',
        children: [{ title: 'Global settings: edit', type: 2, permission: 'setting:edit' }],
      },
      {
        title: 'Operations',
        type: 1,
        path: 'operations',
        component: 'tools/operations/index',
        componentName: 'Operations',
        icon: 'deploy',
        permission: 'deploy:list',
        children: [
          { title: 'Deployment package: upload', type: 2, permission: 'deploy:add' },
          { title: 'Database scripts: list', type: 2, permission: 'database:list' },
          { title: 'Database script: upload', type: 2, permission: 'database:add' },
        ],
      },
    ],
  },
  ...businessMenus,
];

export interface SeedDept {
  name: string;
  children?: SeedDept[];
}

export const seedDepts: SeedDept[] = [
  { name: 'Head Office', children: [{ name: 'R&D' }, { name: 'Operations' }] },
  { name: 'South Branch', children: [{ name: 'Sales' }, { name: 'Service' }] },
];

export const seedJobs = ['Chairman', 'General Manager', 'Engineer', 'Sales Representative'];

export const seedDicts: { name: string; description: string; details: [label: string, value: string][] }[] = [
  {
    name: 'user_status',
    description: 'User status',
    details: [
      ['Active', 'true'],
      ['Disabled', 'false'],
    ],
  },
  {
    name: 'dept_status',
    description: 'Department status',
    details: [
      ['Enabled', 'true'],
      ['Disabled', 'false'],
    ],
  },
  {
    name: 'job_status',
    description: 'Job status',
    details: [
      ['Enabled', 'true'],
      ['Disabled', 'false'],
    ],
  },
  {
    name: 'site_type',
    description: 'Site type',
    details: [
      ['Residential compound', 'RESIDENTIAL'],
      ['School', 'SCHOOL'],
      ['Factory', 'FACTORY'],
      ['Office', 'OFFICE'],
      ['Shop', 'SHOP'],
    ],
  },
];
