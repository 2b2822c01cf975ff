import type { SeedRole } from './seed-business.ts';
import type { SeedMenu } from './seed-menu.ts';

/**
 * Field operations: the field work on the machines and what tells people about it. Staff direct
 * the work on Work orders; technicians carry out their own on My work orders; Notifications sends
 * the events to e-mail, chat robots and webhooks; Parts and stock keeps what technicians use; SLA
 * reports the targets met; Filters schedules the filter changes; the Map shows the fleet.
 */
export const operationsMenus: SeedMenu[] = [
  {
    // Not "Operations": the Tools page of deployments has that title, and titles are unique.
    title: 'Field operations',
    type: 0,
    path: 'field',
    icon: 'tool',
    children: [
      {
        title: 'Work orders',
        type: 1,
        path: 'work-orders',
        component: 'field/work-order/index',
        componentName: 'WorkOrders',
        icon: 'list',
        permission: 'workorder:list',
        cache: true,
        children: [
          { title: 'Work order: add', type: 2, permission: 'workorder:add' },
          { title: 'Work order: assign', type: 2, permission: 'workorder:assign' },
          { title: 'Work order: edit', type: 2, permission: 'workorder:edit' },
        ],
      },
      {
        title: 'My work orders',
        type: 1,
        path: 'my-work-orders',
        component: 'field/my-work-order/index',
        componentName: 'MyWorkOrders',
        icon: 'tool',
        permission: 'workorder:work',
        cache: true,
      },
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
      {
        title: 'Parts and stock',
        type: 1,
        path: 'parts',
        component: 'field/parts/index',
        componentName: 'PartsAndStock',
        icon: 'tree',
        permission: 'part:list',
        cache: true,
        children: [
          { title: 'Parts: edit', type: 2, permission: 'part:edit' },
          { title: 'Stock: move', type: 2, permission: 'stock:move' },
        ],
      },
      {
        title: 'SLA',
        type: 1,
        path: 'sla',
        component: 'field/sla/index',
        componentName: 'Sla',
        icon: 'chart',
        permission: 'sla:list',
        cache: true,
        children: [{ title: 'SLA: edit', type: 2, permission: 'sla:edit' }],
      },
      {
        title: 'Filters',
        type: 1,
        path: 'filters',
        component: 'field/filters/index',
        componentName: 'FilterSchedule',
        icon: 'skill',
        permission: 'filter:list',
        cache: true,
        children: [{ title: 'Filters: edit', type: 2, permission: 'filter:edit' }],
      },
      {
        title: 'Map',
        type: 1,
        path: 'map',
        component: 'field/map/index',
        componentName: 'FleetMap',
        icon: 'international',
        permission: 'map:list',
        cache: true,
      },
    ],
  },
];

/** Technicians carry out the orders assigned to them; they see no money. */
export const technicianRole: SeedRole = {
  name: 'Technician',
  level: 3,
  dataScope: '本级',
  description: 'Accepts, carries out and completes the work orders assigned to them, with photos',
  permissions: ['workorder:work'],
};
