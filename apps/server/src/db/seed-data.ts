/**
 * What a new installation starts with. Titles are English; the web app translates known ones.
 * Icon names are those of eladmin-web's icon set, so that its clients show them too.
 */

import { businessMenus, financeMenus } from './seed-business.ts';
import { buttons, type SeedMenu } from './seed-menu.ts';
import { operationsMenus } from './seed-operations.ts';

export type { SeedRole } from './seed-business.ts';
export { seedBusinessRoles } from './seed-business.ts';
export type { SeedMenu } from './seed-menu.ts';

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
        title: 'Change records',
        type: 1,
        path: 'changes',
        component: 'monitor/audit/index',
        componentName: 'ChangeRecords',
        icon: 'log',
        permission: 'audit:list',
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
  ...financeMenus,
  ...operationsMenus,
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
