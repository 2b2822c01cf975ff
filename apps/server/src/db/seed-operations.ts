import type { SeedMenu } from './seed-menu.ts';

/** Field operations: the work done at the machines, and the map of the fleet. */
export const operationsMenus: SeedMenu[] = [
  {
    title: 'Field operations',
    type: 0,
    path: 'field',
    icon: 'tool',
    children: [
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
