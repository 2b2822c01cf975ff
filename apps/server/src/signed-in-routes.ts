import { STATEMENT_MAX_BYTES } from '@water/contract/reconciliation';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { recordOrigins } from './lib/audit-trail.ts';
import type { Deps } from './lib/deps.ts';
import type { FileStore } from './lib/file-storage.ts';
import { agentsRoutes } from './modules/agents/agents.routes.ts';
import type { AgentsService } from './modules/agents/agents.service.ts';
import { alarmsRoutes } from './modules/alarms/alarms.routes.ts';
import type { AlarmsService } from './modules/alarms/alarms.service.ts';
import { artifactsRoutes } from './modules/artifacts/artifacts.routes.ts';
import { createArtifactsService } from './modules/artifacts/artifacts.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import { cardsRoutes } from './modules/cards/cards.routes.ts';
import type { CardsService } from './modules/cards/cards.service.ts';
import { commandsRoutes } from './modules/commands/commands.routes.ts';
import type { CommandsService } from './modules/commands/commands.service.ts';
import { consumerStaffRoutes } from './modules/consumer/consumer.routes.ts';
import type { ConsumerService } from './modules/consumer/consumer.service.ts';
import type { StickersService } from './modules/consumer/stickers.service.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import type { CouponsService } from './modules/coupons/coupons.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { deptsRoutes } from './modules/depts/depts.routes.ts';
import type { DeptsService } from './modules/depts/depts.service.ts';
import { dictsRoutes } from './modules/dicts/dicts.routes.ts';
import { createDictsService } from './modules/dicts/dicts.service.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import type { ExportsService } from './modules/exports/exports.service.ts';
import { filtersRoutes } from './modules/filters/filters.routes.ts';
import type { FiltersService } from './modules/filters/filters.service.ts';
import { firmwareRoutes } from './modules/firmware/firmware.routes.ts';
import type { FirmwareService } from './modules/firmware/firmware.service.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';
import { logsRoutes } from './modules/logs/logs.routes.ts';
import type { LogsService } from './modules/logs/logs.service.ts';
import { machinesRoutes } from './modules/machines/machines.routes.ts';
import type { MachinesService } from './modules/machines/machines.service.ts';
import { mapRoutes } from './modules/machines/map.routes.ts';
import { amapProxyRoutes } from './modules/map/amap-proxy.routes.ts';
import { createAmapProxy } from './modules/map/amap-proxy.service.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import type { MembersService } from './modules/members/members.service.ts';
import { menusRoutes } from './modules/menus/menus.routes.ts';
import { createMenusService } from './modules/menus/menus.service.ts';
import { monitorRoutes } from './modules/monitor/monitor.routes.ts';
import { createMonitorService } from './modules/monitor/monitor.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';
import { onlineRoutes } from './modules/online/online.routes.ts';
import { createOnlineService } from './modules/online/online.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import type { OrdersService } from './modules/orders/orders.service.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { createOverviewService } from './modules/overview/overview.service.ts';
import { partsRoutes } from './modules/parts/parts.routes.ts';
import type { PartsService } from './modules/parts/parts.service.ts';
import type { ChannelSettings } from './modules/payments/channel-settings.ts';
import { paymentChannelRoutes } from './modules/payments/payments.routes.ts';
import { pricePoliciesRoutes } from './modules/price-policies/price-policies.routes.ts';
import type { PricePoliciesService } from './modules/price-policies/price-policies.service.ts';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.ts';
import type { ReconciliationService } from './modules/reconciliation/reconciliation.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import type { ReportsService } from './modules/reports/reports.service.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import type { SitesService } from './modules/sites/sites.service.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import type { StorageService } from './modules/storage/storage.service.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import type { TasksService } from './modules/tasks/tasks.service.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import type { TelemetryService } from './modules/telemetry/telemetry.service.ts';
import { userCenterRoutes } from './modules/users/user-center.routes.ts';
import type { UserCenterService } from './modules/users/user-center.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import type { UsersService } from './modules/users/users.service.ts';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import type { WithdrawalsService } from './modules/withdrawals/withdrawals.service.ts';
import { slaRoutes } from './modules/workorders/sla.routes.ts';
import type { SlaService } from './modules/workorders/sla.service.ts';
import { workOrdersRoutes } from './modules/workorders/workorders.routes.ts';
import type { WorkOrdersService } from './modules/workorders/workorders.service.ts';

/** The services the app composed that the signed-in routes serve. */
export interface SignedInServices {
  auth: AuthService;
  userCenter: UserCenterService;
  users: UsersService;
  depts: DeptsService;
  settings: SettingsService;
  logs: LogsService;
  storage: StorageService;
  agents: AgentsService;
  machines: MachinesService;
  sites: SitesService;
  policies: PricePoliciesService;
  orders: OrdersService;
  alarms: AlarmsService;
  coupons: CouponsService;
  members: MembersService;
  ledger: LedgerService;
  exports: ExportsService;
  tasks: TasksService;
  withdrawals: WithdrawalsService;
  reconciliation: ReconciliationService;
  cards: CardsService;
  commands: CommandsService;
  telemetry: TelemetryService;
  firmware: FirmwareService;
  workOrders: WorkOrdersService;
  notifications: NotificationsService;
  parts: PartsService;
  sla: SlaService;
  reports: ReportsService;
  filters: FiltersService;
  paymentChannels: ChannelSettings;
  consumer: ConsumerService;
  stickers: StickersService;
}

/** The routes reached signed in, each with the permission it declares, on their services. */
export async function registerSignedInRoutes(
  signedIn: FastifyInstance,
  {
    deps,
    config,
    artifacts,
    services: s,
  }: { deps: Deps; config: Config; artifacts: FileStore; services: SignedInServices },
): Promise<void> {
  // Changes made by these routes are recorded as made by the signed-in user, from this request.
  recordOrigins(signedIn);
  await signedIn.register(authRoutes, { service: s.auth });
  await signedIn.register(userCenterRoutes, { service: s.userCenter });
  await signedIn.register(dashboardRoutes, { service: createDashboardService(deps) });
  await signedIn.register(menusRoutes, { service: createMenusService(deps) });
  await signedIn.register(dictsRoutes, { service: createDictsService(deps) });
  await signedIn.register(usersRoutes, { service: s.users });
  await signedIn.register(rolesRoutes, { service: createRolesService(deps) });
  await signedIn.register(deptsRoutes, { service: s.depts });
  await signedIn.register(jobsRoutes, { service: createJobsService(deps) });
  await signedIn.register(settingsRoutes, { service: s.settings });
  await signedIn.register(paymentChannelRoutes, { settings: s.paymentChannels });
  await signedIn.register(logsRoutes, { service: s.logs });
  await signedIn.register(auditRoutes, { service: createAuditService(deps) });
  await signedIn.register(onlineRoutes, { service: createOnlineService(deps) });
  await signedIn.register(monitorRoutes, { service: createMonitorService(deps, config.dataDir) });
  await signedIn.register(storageRoutes, { service: s.storage });
  await signedIn.register(artifactsRoutes, { service: createArtifactsService(deps, artifacts) });
  await signedIn.register(agentsRoutes, { service: s.agents });
  await signedIn.register(machinesRoutes, { service: s.machines });
  await signedIn.register(commandsRoutes, { service: s.commands });
  await signedIn.register(sitesRoutes, { service: s.sites });
  await signedIn.register(pricePoliciesRoutes, { service: s.policies });
  await signedIn.register(ordersRoutes, { service: s.orders });
  await signedIn.register(alarmsRoutes, { service: s.alarms });
  await signedIn.register(couponsRoutes, { service: s.coupons });
  await signedIn.register(cardsRoutes, { service: s.cards });
  await signedIn.register(membersRoutes, { service: s.members });
  await signedIn.register(ledgerRoutes, { service: s.ledger, orders: s.orders });
  await signedIn.register(exportsRoutes, { service: s.exports });
  await signedIn.register(tasksRoutes, { service: s.tasks });
  await signedIn.register(overviewRoutes, { service: createOverviewService(deps) });
  await signedIn.register(withdrawalsRoutes, { service: s.withdrawals });
  await signedIn.register(reconciliationRoutes, {
    service: s.reconciliation,
    maxBytes: Math.min(STATEMENT_MAX_BYTES, config.uploadMaxBytes),
  });
  await signedIn.register(telemetryRoutes, { service: s.telemetry });
  await signedIn.register(firmwareRoutes, { service: s.firmware });
  await signedIn.register(workOrdersRoutes, { service: s.workOrders });
  await signedIn.register(notificationsRoutes, { service: s.notifications });
  await signedIn.register(slaRoutes, { service: s.sla });
  await signedIn.register(reportsRoutes, { service: s.reports });
  await signedIn.register(filtersRoutes, { service: s.filters });
  await signedIn.register(consumerStaffRoutes, { service: s.consumer, stickers: s.stickers });
  await signedIn.register(mapRoutes, { service: s.machines });
  await signedIn.register(partsRoutes, { service: s.parts });
  await signedIn.register(amapProxyRoutes, { service: createAmapProxy(config.amap) });
}
