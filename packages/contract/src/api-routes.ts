import { agentRoutes } from './agents-routes.ts';
import { alarmRoutes } from './alarms-routes.ts';
import { artifactRoutes } from './artifacts-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { cardRoutes } from './cards-routes.ts';
import { commandRoutes } from './commands-routes.ts';
import { consumerRoutes } from './consumers-routes.ts';
import { couponRoutes } from './coupons-routes.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { deptRoutes } from './depts-routes.ts';
import { dictDetailRoutes, dictRoutes } from './dicts-routes.ts';
import { exportRoutes } from './exports-routes.ts';
import { filterRoutes } from './filters-routes.ts';
import { firmwareDownloadRoutes, firmwareRoutes } from './firmware-routes.ts';
import { channelGatewayRoutes, machineGatewayRoutes } from './gateway-routes.ts';
import { healthRoutes } from './health-routes.ts';
import { jobRoutes } from './jobs-routes.ts';
import { ledgerRoutes } from './ledger-routes.ts';
import { logRoutes } from './logs-routes.ts';
import { machineModelRoutes, machineRoutes } from './machines-routes.ts';
import { mapRoutes } from './map-routes.ts';
import { memberRoutes } from './members-routes.ts';
import { menuRoutes } from './menus-routes.ts';
import { monitorRoutes } from './monitor-routes.ts';
import { notificationsRoutes } from './notifications-routes.ts';
import { onlineRoutes } from './online-routes.ts';
import { orderRoutes } from './orders-routes.ts';
import { overviewRoutes } from './overview-routes.ts';
import { partsRoutes } from './parts-routes.ts';
import { paymentRoutes, sandboxRoutes } from './payments-routes.ts';
import { pricePolicyRoutes } from './price-policies-routes.ts';
import { consumerReportRoutes, publicMachineRoutes } from './public-machines-routes.ts';
import { publicOrderRoutes } from './public-orders-routes.ts';
import { reconciliationRoutes } from './reconciliation-routes.ts';
import { reportRoutes } from './reports-routes.ts';
import { roleRoutes } from './roles-routes.ts';
import type { RouteIndex } from './route.ts';
import { settingRoutes } from './settings-routes.ts';
import { siteRoutes } from './sites-routes.ts';
import { slaRoutes } from './sla-routes.ts';
import { storageRoutes } from './storage-routes.ts';
import { taskRoutes } from './tasks-routes.ts';
import { telemetryRoutes } from './telemetry-routes.ts';
import { userCenterRoutes, userRoutes } from './users-routes.ts';
import { withdrawalRoutes } from './withdrawals-routes.ts';
import { workOrderRoutes } from './work-orders-routes.ts';

/** The route sets by module, named by reference (the inferred type is too long for a declaration file). */
interface ApiRouteSets {
  health: typeof healthRoutes;
  auth: typeof authRoutes;
  settings: typeof settingRoutes;
  storage: typeof storageRoutes;
  users: typeof userRoutes;
  userCenter: typeof userCenterRoutes;
  monitor: typeof monitorRoutes;
  machineGateway: typeof machineGatewayRoutes;
  channelGateway: typeof channelGatewayRoutes;
  dashboard: typeof dashboardRoutes;
  menus: typeof menuRoutes;
  dicts: typeof dictRoutes;
  dictDetails: typeof dictDetailRoutes;
  roles: typeof roleRoutes;
  depts: typeof deptRoutes;
  jobs: typeof jobRoutes;
  logs: typeof logRoutes;
  audit: typeof auditRoutes;
  online: typeof onlineRoutes;
  artifacts: typeof artifactRoutes;
  agents: typeof agentRoutes;
  machineModels: typeof machineModelRoutes;
  machines: typeof machineRoutes;
  sites: typeof siteRoutes;
  pricePolicies: typeof pricePolicyRoutes;
  orders: typeof orderRoutes;
  alarms: typeof alarmRoutes;
  coupons: typeof couponRoutes;
  ledger: typeof ledgerRoutes;
  members: typeof memberRoutes;
  exports: typeof exportRoutes;
  tasks: typeof taskRoutes;
  overview: typeof overviewRoutes;
  withdrawals: typeof withdrawalRoutes;
  reconciliation: typeof reconciliationRoutes;
  cards: typeof cardRoutes;
  commands: typeof commandRoutes;
  telemetry: typeof telemetryRoutes;
  firmware: typeof firmwareRoutes;
  firmwareDownload: typeof firmwareDownloadRoutes;
  workOrders: typeof workOrderRoutes;
  notifications: typeof notificationsRoutes;
  map: typeof mapRoutes;
  parts: typeof partsRoutes;
  sla: typeof slaRoutes;
  reports: typeof reportRoutes;
  filters: typeof filterRoutes;
  payments: typeof paymentRoutes;
  sandbox: typeof sandboxRoutes;
  publicOrders: typeof publicOrderRoutes;
  consumers: typeof consumerRoutes;
  publicMachines: typeof publicMachineRoutes;
  consumerReports: typeof consumerReportRoutes;
}

/**
 * Every route of the API, by module: the server registers each of these, and besides them only
 * the web app's files, the websocket and the API document. The web reads them as types only
 * (`ApiRoutes`), so its bundle carries no schema.
 */
export const apiRoutes: ApiRouteSets = {
  health: healthRoutes,
  auth: authRoutes,
  settings: settingRoutes,
  storage: storageRoutes,
  users: userRoutes,
  userCenter: userCenterRoutes,
  monitor: monitorRoutes,
  machineGateway: machineGatewayRoutes,
  channelGateway: channelGatewayRoutes,
  dashboard: dashboardRoutes,
  menus: menuRoutes,
  dicts: dictRoutes,
  dictDetails: dictDetailRoutes,
  roles: roleRoutes,
  depts: deptRoutes,
  jobs: jobRoutes,
  logs: logRoutes,
  audit: auditRoutes,
  online: onlineRoutes,
  artifacts: artifactRoutes,
  agents: agentRoutes,
  machineModels: machineModelRoutes,
  machines: machineRoutes,
  sites: siteRoutes,
  pricePolicies: pricePolicyRoutes,
  orders: orderRoutes,
  alarms: alarmRoutes,
  coupons: couponRoutes,
  ledger: ledgerRoutes,
  members: memberRoutes,
  exports: exportRoutes,
  tasks: taskRoutes,
  overview: overviewRoutes,
  withdrawals: withdrawalRoutes,
  reconciliation: reconciliationRoutes,
  cards: cardRoutes,
  commands: commandRoutes,
  telemetry: telemetryRoutes,
  firmware: firmwareRoutes,
  firmwareDownload: firmwareDownloadRoutes,
  workOrders: workOrderRoutes,
  notifications: notificationsRoutes,
  map: mapRoutes,
  parts: partsRoutes,
  sla: slaRoutes,
  reports: reportRoutes,
  filters: filterRoutes,
  payments: paymentRoutes,
  sandbox: sandboxRoutes,
  publicOrders: publicOrderRoutes,
  consumers: consumerRoutes,
  publicMachines: publicMachineRoutes,
  consumerReports: consumerReportRoutes,
};

/** Every route by its key, `'GET /api/orders/:orderNo'`. */
export type ApiRoutes = RouteIndex<typeof apiRoutes>;
export type ApiRouteKey = keyof ApiRoutes;
