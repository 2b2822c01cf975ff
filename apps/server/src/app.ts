import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { composeBackgroundWork } from './background-work.ts';
import type { Config } from './config.ts';
import { composeConsumerSide } from './consumer-side.ts';
import type { DatabaseHandle } from './db/client.ts';
import { loadLegacyKey } from './domain/legacy-rsa.ts';
import { PrincipalCache } from './domain/principal.ts';
import { SessionStore } from './domain/sessions.ts';
import { createVerifyCodes } from './domain/verify-codes.ts';
import { composeFieldWork } from './field-work.ts';
import { accessLogHooks, bufferedStdout } from './lib/access-log.ts';
import type { Deps } from './lib/deps.ts';
import { DomainEvents } from './lib/domain-events.ts';
import { createEventBus } from './lib/events.ts';
import { openFileStores } from './lib/file-storage.ts';
import { tooManyRequests } from './lib/http-errors.ts';
import { loggerOptions } from './lib/log-redaction.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { ReadyReads, serverWithReadyReads } from './lib/ready-reads.ts';
import { requestLogger } from './lib/request-logger.ts';
import { type Clock, formatDay, systemClock } from './lib/time.ts';
import { TokenSigner } from './lib/tokens.ts';
import { schemaController } from './lib/validators.ts';
import { AgentPaths } from './modules/agents/agent-directory.ts';
import { type AgentStatusChange, createAgentsService } from './modules/agents/agents.service.ts';
import { createAlarmsService } from './modules/alarms/alarms.service.ts';
import { createAuditTrail } from './modules/audit/audit.service.ts';
import { publicAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCardsService } from './modules/cards/cards.service.ts';
import { createCommandsService } from './modules/commands/commands.service.ts';
import type { SmsSender } from './modules/consumers/sms-senders.ts';
import { createCouponsService } from './modules/coupons/coupons.service.ts';
import { createDeptsService } from './modules/depts/depts.service.ts';
import { composeFirmware } from './modules/firmware/firmware-wiring.ts';
import { gatewayRoutes } from './modules/gateway/gateway.routes.ts';
import { createGatewayService } from './modules/gateway/gateway.service.ts';
import { mqttRoutes } from './modules/gateway/mqtt/mqtt.routes.ts';
import { createMqttTransport, type MqttTransport } from './modules/gateway/mqtt/mqtt-transport.ts';
import { serveMqtt } from './modules/gateway/mqtt/serve-mqtt.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createSaleBooking } from './modules/ledger/sale-postings.ts';
import { createLogsService } from './modules/logs/logs.service.ts';
import { createMachinesService } from './modules/machines/machines.service.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { druidPage } from './modules/monitor/monitor.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import type { SaleEvent } from './modules/orders/sale-events.ts';
import type { PaymentStarter } from './modules/payments/payment-starter.ts';
import { composePayments } from './modules/payments/payments-wiring.ts';
import { createPricePoliciesService } from './modules/price-policies/price-policies.service.ts';
import { createReconciliationService } from './modules/reconciliation/reconciliation.service.ts';
import { createSalesProjector } from './modules/sales/sales.projector.ts';
import { publicSettingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { publicFilesRoutes } from './modules/storage/storage.routes.ts';
import { createStorageService } from './modules/storage/storage.service.ts';
import { createTelemetryService } from './modules/telemetry/telemetry.service.ts';
import { publicAvatarRoutes } from './modules/users/user-center.routes.ts';
import { createUserCenterService } from './modules/users/user-center.service.ts';
import { createUserCredentials } from './modules/users/user-credentials.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service.ts';
import { authPlugin, signedInContext } from './plugins/auth.ts';
import { corePlugin } from './plugins/core.ts';
import { errorsPlugin, sendError } from './plugins/errors.ts';
import { inputBoundaryPlugin } from './plugins/input-boundary.ts';
import { operationLogHooks } from './plugins/operation-log.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { securityHeaderLinesFor, securityHeadersPlugin, trustedPeer } from './plugins/security-headers.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { webPlugin } from './plugins/web.ts';
import { composeReports } from './reporting.ts';
import { partitionUpkeep, scheduledWork } from './scheduled-work.ts';
import { registerSignedInRoutes } from './signed-in-routes.ts';
import { seedDemoBusiness } from './simulator/demo-business.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  clock?: Clock;
  /** How mail leaves the server; by default SMTP_URL, or the log. */
  mailer?: Mailer;
  /** Pino logger options (level, stream…), always with the log redaction; false silences the log (tests). */
  logger?: boolean | object;
  /** Whether scheduled work runs on its timers (tests run it by hand: `app.scheduler.run`). */
  scheduled?: boolean;
  /** Sees every route as it is registered (a test compares them with the contract's declarations). */
  onRoute?: (route: RouteOptions) => void;
  /** How the public page's orders start paying; by default no channel is configured. */
  paymentStarter?: PaymentStarter;
  /** How sign-in codes reach consumers' phones; by default the sandbox (SMS_SANDBOX, SEED_DEMO) or the webhook. */
  sms?: SmsSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: import('./lib/scheduler.ts').Scheduler;
    /** The machines' MQTT channel; absent with MQTT_PORT=off. */
    mqtt?: MqttTransport;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const trusted = trustedPeer(config.trustProxy);
  let readyReads: ReadyReads | undefined;
  const app = Fastify({
    serverFactory: serverWithReadyReads(() => readyReads),
    logger: loggerOptions(config.logLevel, options.logger ?? { stream: bufferedStdout() }),
    // Fastify's two lines per request (received, completed) give way to the access log's one.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: trusted ?? false,
    bodyLimit: 1024 * 1024,
    // eladmin clients call some paths with a trailing slash (`DELETE api/dict/`, `updatePass/`).
    routerOptions: { ignoreTrailingSlash: true },
    // A path that is not valid percent-encoded UTF-8 is refused in the product's error format.
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply,
        400,
        'The path is not valid percent-encoded UTF-8',
        error.code === 'FST_ERR_BAD_URL' ? 'MALFORMED_URL' : 'MALFORMED_BODY',
      ),
    schemaController,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const accessLog = config.accessLog && options.logger !== false ? accessLogHooks(app.log) : undefined;
  if (accessLog) app.addHook('onRequest', accessLog.onRequest).addHook('onResponse', accessLog.onResponse);

  await app.register(errorsPlugin);
  await app.register(inputBoundaryPlugin);
  await app.register(securityHeadersPlugin, { trusted });
  // Answers are compressed; requests are not (no client of the console sends a compressed body).
  await app.register(compress, { threshold: 1024, global: true, globalDecompression: false });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 20 } });
  // Only `reply.sendFile` for stored files and avatars; the console's files are served by the web plugin.
  await app.register(fastifyStatic, { root: config.dataDir, serve: false });
  const clock = options.clock ?? systemClock;
  const { database } = options;
  const db = database.db;
  const events = await createEventBus(database, app.log);
  const deps: Deps = {
    db,
    database,
    clock,
    events,
    sessions: new SessionStore(db, clock, events),
    principals: new PrincipalCache(db, events),
    tokens: new TokenSigner(options.jwtSecret),
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }),
    audit: createAuditTrail({ clock }),
  };
  await app.register(corePlugin, deps);
  readyReads = new ReadyReads(deps, {
    securityHeaderLines: (raw) => securityHeaderLinesFor(raw, trusted),
    accessLine: accessLog?.answered,
  });
  app.decorate('readyReads', readyReads);
  // While the server closes, every request goes to Fastify, which refuses new ones.
  app.addHook('preClose', (done) => {
    readyReads?.forget();
    done();
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db, clock),
    errorResponseBuilder: () => tooManyRequests({ key: 'errors.auth.tooManyAttempts' }),
  });
  await app.register(authPlugin, { legacyClientsSkipPasswordChange: config.legacyClientsSkipPasswordChange });
  await app.register(swaggerPlugin);

  // The modules' services, each built from the dependencies it names.
  const legacyKey = config.legacyRsaPrivateKey ? loadLegacyKey(config.legacyRsaPrivateKey) : undefined;
  const codes = createVerifyCodes(deps);
  const { files, avatars, artifacts, exportFiles, firmwareFiles } = await openFileStores(config);
  const auth = createAuthService(deps, {
    captchaTestAnswer: config.captchaTestAnswer,
    legacyKey,
    codes,
    credentials: createUserCredentials(deps),
  });
  const settings = createSettingsService(deps);
  const logs = createLogsService(deps);
  const storage = createStorageService(deps, files, { bucket: config.objectStorage?.bucket ?? 'local' });
  const userCenter = createUserCenterService(deps, { legacyKey, codes, avatars });
  const users = createUsersService(deps, {
    defaultUserPassword: config.defaultUserPassword,
    removeAvatars: (names) => avatars.remove(names),
  });
  const depts = createDeptsService(deps);
  const ledger = createLedgerService(deps, {
    // A period cannot close while reconciliation has open discrepancies on its days.
    openDiscrepancies: (firstDay, lastDay) => reconciliation.openDiscrepancies(firstDay, lastDay),
  });
  const agents = createAgentsService(deps, {
    depts,
    // Unfreezing an agent releases what it earned while frozen.
    statusChanged: new DomainEvents<AgentStatusChange>().on(async (tx, change) => {
      if (change.from === 'FROZEN' && change.to === 'ACTIVE')
        await ledger.releaseHeld(tx, change.agentId, formatDay(change.at));
    }),
  });
  const sites = createSitesService(deps);
  const paths = new AgentPaths(db);
  const policies = createPricePoliciesService(deps, paths);
  const machines = createMachinesService(deps, {
    pricesFor: (machine) => policies.pricesFor(machine),
    agents,
    lifecycleChanged: (ids) => void mqtt?.machinesChanged(ids),
  });
  // Made once the gateway is: machines connected to it are online whatever their heartbeats.
  let mqtt: MqttTransport | undefined;
  const alarms = createAlarmsService(deps, {
    offlineAfterMs: config.offlineAfterMs,
    noSalesAfterMs: config.noSalesAfterMs,
    log: app.log,
    machines,
    ...(config.mqtt && {
      heldOnline: { machineIds: () => mqtt?.machineIds() ?? [], settling: () => mqtt?.settling() ?? true },
    }),
  });
  const members = createMembersService(deps);
  // Payments through the channels' drivers; the orders module sends their refunds back through them.
  const { payments, paymentChannels } = composePayments(app, deps, { ...options, orders: () => orders });
  const coupons = createCouponsService(deps, { paths, members });
  const cards = createCardsService(deps, { ledger, members, paths, cardSettings: () => settings.cardRules() });
  const { exports, tasks } = composeBackgroundWork(app, deps, { exportFiles, ledger });
  const orders = createOrdersService(deps, {
    policies,
    coupons,
    exports,
    paths,
    payTimeoutMs: config.orderPayTimeoutMs,
    refundReviewAbove: () => settings.refundReviewAbove(),
    members,
    cards,
    channelRefunds: payments.refundPort,
    // A sale's events, in one transaction: the roll-ups first, then the member, then its coupon
    // (which asks the member whether this was its first paid order), then the ledger, then its
    // water card (debited or credited back last, so that card sales and refunds lock in one order).
    sale: new DomainEvents<SaleEvent>()
      .on(createSalesProjector({ dayOf: formatDay }))
      .on((tx, event) => members.onSale(tx, event))
      .on((tx, event) => coupons.onSale(tx, event))
      .on(createSaleBooking(ledger, formatDay))
      .on((tx, event) => cards.onSale(tx, event)),
  });
  const withdrawals = createWithdrawalsService(deps, { ledger, terms: () => settings.withdrawalTerms() });
  const reconciliation = createReconciliationService(deps, { ledger });
  // Commands ride on a polling machine's heartbeat answer; connected ones get them via `commands.usePush`.
  const commands = createCommandsService(deps, { pricesFor: (machine) => policies.pricesFor(machine), log: app.log });
  const telemetry = createTelemetryService(deps, {
    machines,
    retention: { rawDays: config.telemetryRawDays, summaryMonths: config.telemetrySummaryMonths },
    log: app.log,
  });
  const firmwareWiring = { config, files: firmwareFiles, serverSecret: options.jwtSecret, commands, machines };
  const firmware = composeFirmware(app, deps, firmwareWiring);
  const gateway = createGatewayService(deps, {
    policies,
    alarms,
    machines,
    commands,
    telemetry,
    paymentNotifyKey: config.paymentNotifyKey,
  });
  if (config.mqtt) {
    mqtt = createMqttTransport({ deps, gateway, inject: (request) => app.inject(request), log: app.log }, config.mqtt);
    serveMqtt(app, mqtt, { commands, firmware });
  }
  const scheduler = scheduledWork(database, app.log, config.offlineAfterMs, {
    closeUnpaid: () => orders.closeUnpaid(),
    sendChannelRefunds: () => payments.sendRefunds(),
    checkOffline: () => alarms.checkOffline(),
    purgeNonces: () => gateway.purgeNonces(),
    mqttAccounts: async () => mqtt?.checkAccounts(),
    commandTimeouts: () => commands.sweep(),
    firmwareTimeouts: () => firmware.sweep(),
    purgeSignIns: () => auth.purgeExpired(),
    checkNoSales: () => alarms.checkNoSales(),
    expireCoupons: () => coupons.expire(),
    purgeExports: () => exports.purge(),
    summariseTelemetry: () => telemetry.summarise(),
    partitionUpkeep: partitionUpkeep(deps, config),
  });
  app.decorate('scheduler', scheduler);
  const fieldWork = composeFieldWork(app, deps, options, { files, gateway, scheduler, alarms, withdrawals, settings });
  const consumerSide = composeConsumerSide(deps, options, {
    alarms,
    policies,
    settings,
    files,
    payments: options.paymentStarter ?? payments,
    members,
    cards,
    orders,
    coupons,
    commands,
    scheduler,
    log: app.log,
  });
  if (config.seedDemo) {
    // In the background: the console answers at once, the demo week arrives a few seconds later.
    app.addHook('onReady', async () => {
      void seedDemoBusiness(
        { ...deps, log: app.log },
        { agents, sites, machines, policies, orders, coupons, cards, telemetry, filters: fieldWork.filters },
        { dataDir: config.dataDir, language: config.demoLanguage },
      ).catch((error) => app.log.error({ err: error }, 'could not seed the demo business'));
    });
  }
  if (options.scheduled !== false) {
    app.addHook('onReady', async () => {
      scheduler.start();
      telemetry.start();
    });
  }
  // Before the database closes, in order: the runs under way, then heartbeats' samples in memory.
  for (const stop of [() => scheduler.stop(), () => telemetry.stop()]) app.addHook('onClose', stop);
  operationLogHooks(app, (line) => logs.record(line));
  await app.register(realtimePlugin, { allowedOrigins: config.allowedOrigins });
  // Reached without signing in.
  await app.register(healthRoutes, { service: createHealthService(deps) });
  await app.register(publicAuthRoutes, { service: auth, authRateLimit: config.authRateLimit });
  await app.register(publicSettingsRoutes, { service: settings });
  await app.register(publicFilesRoutes, { service: storage });
  await app.register(publicAvatarRoutes, { service: userCenter });
  await consumerSide.publicRoutes(app);
  await app.register(druidPage, { allowedOrigins: config.allowedOrigins });
  // Signed by machines and payment channels, never by a staff session.
  await app.register(gatewayRoutes, { gateway, orders, coupons, commands, firmware });
  if (mqtt && !config.mqtt?.external) await app.register(mqttRoutes, { transport: mqtt });
  // Signed in, each route with the permission it declares.
  await app.register(async (signedIn) => {
    await signedInContext(signedIn);
    await registerSignedInRoutes(signedIn, {
      deps,
      config,
      artifacts,
      services: {
        auth,
        userCenter,
        users,
        depts,
        settings,
        logs,
        storage,
        agents,
        machines,
        sites,
        policies,
        orders,
        alarms,
        coupons,
        members,
        ledger,
        exports,
        tasks,
        withdrawals,
        reconciliation,
        cards,
        commands,
        telemetry,
        firmware,
        paymentChannels,
        reports: composeReports(app, deps, { ledger, sla: fieldWork.sla, scheduler, files: exportFiles }),
        ...fieldWork,
        ...consumerSide,
      },
    });
  });

  await app.register(webPlugin, { root: config.webDist });
  return app;
}
