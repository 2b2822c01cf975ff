import { agentRoutes } from './agents-routes.ts';
import { alarmRoutes } from './alarms-routes.ts';
import { couponRoutes } from './coupons-routes.ts';
import { machineModelRoutes, machineRoutes } from './machines-routes.ts';
import { memberRoutes } from './members-routes.ts';
import { orderRoutes } from './orders-routes.ts';
import { pricePolicyRoutes } from './price-policies-routes.ts';
import type { RouteIndex } from './route.ts';
import { siteRoutes } from './sites-routes.ts';

/**
 * Every route of the API, by module: the server registers each of these, and nothing else but
 * the web app's files, the websocket and the API document. The web reads them as types only
 * (`ApiRoutes`), so its bundle carries no schema.
 */
export const apiRoutes = {
  agents: agentRoutes,
  sites: siteRoutes,
  machineModels: machineModelRoutes,
  machines: machineRoutes,
  pricePolicies: pricePolicyRoutes,
  orders: orderRoutes,
  alarms: alarmRoutes,
  coupons: couponRoutes,
  members: memberRoutes,
};

/** Every route by its key, `'GET /api/orders/:orderNo'`. */
export type ApiRoutes = RouteIndex<typeof apiRoutes>;
export type ApiRouteKey = keyof ApiRoutes;
