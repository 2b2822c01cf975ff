import type { SeedMenu } from './seed-menu.ts';

/**
 * Operations: the field work (work orders, SLAs, filters, parts, the map) and its notifications.
 * Each page of the field work adds itself here.
 */
export const operationsMenus: SeedMenu[] = [
  {
    title: 'Field operations',
    type: 0,
    path: 'field',
    icon: 'tool',
    children: [
      {
        title: 'Notifications',
        type: 1,
        path: 'notifications',
        component: 'field/notifications/index',
        componentName: 'Notifications',
        icon: 'email',
        permission: 'notify:list',
        cache: true,
        children: [{ title: 'Notifications: edit', type: 2, permission: 'notify:edit' }],
      },
    ],
  },
];
