import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppOptions } from './app.ts';
import type { Deps } from './lib/deps.ts';
import type { FileStore } from './lib/file-storage.ts';
import type { Scheduler } from './lib/scheduler.ts';
import type { AlarmsService } from './modules/alarms/alarms.service.ts';
import type { CardsService } from './modules/cards/cards.service.ts';
import type { CommandsService } from './modules/commands/commands.service.ts';
import { publicConsumerRoutes } from './modules/consumer/consumer.routes.ts';
import { createConsumerService, type PageChannel } from './modules/consumer/consumer.service.ts';
import type { PageAssets } from './modules/consumer/machine-page.ts';
import { readPageAssets } from './modules/consumer/page-assets.ts';
import { createStickersService } from './modules/consumer/stickers.service.ts';
import { consumerOrdersRoutes } from './modules/consumer-orders/consumer-orders.routes.ts';
import { createConsumerOrdersService } from './modules/consumer-orders/consumer-orders.service.ts';
import { consumersRoutes } from './modules/consumers/consumers.routes.ts';
import { createConsumersService } from './modules/consumers/consumers.service.ts';
import { SandboxSms, webhookSms } from './modules/consumers/sms-senders.ts';
import type { CouponsService } from './modules/coupons/coupons.service.ts';
import type { MembersService } from './modules/members/members.service.ts';
import { orderAccess } from './modules/orders/order-access.ts';
import type { OrdersService } from './modules/orders/orders.service.ts';
import type { PaymentStarter } from './modules/payments/payment-starter.ts';
import type { PricePoliciesService } from './modules/price-policies/price-policies.service.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';

/** What the consumer's side needs of the rest of the server. */
export interface ConsumerSideNeeds {
  alarms: AlarmsService;
  policies: PricePoliciesService;
  settings: SettingsService;
  files: FileStore;
  /** How the page's orders start paying, and the channels consumers can pay with now. */
  payments: PaymentStarter;
  members: MembersService;
  cards: CardsService;
  orders: OrdersService;
  coupons: CouponsService;
  commands: CommandsService;
  /** Where the page orders' own recurring work runs. */
  scheduler: Scheduler;
  log: FastifyBaseLogger;
}

/**
 * The consumer's side as the app composes it: the page behind a machine's sticker (read through
 * the other modules' services), its problem reports (alarms), the stickers, the page's script
 * and styles from the web build (read once, when first asked for), consumers signed in by phone,
 * and their orders, dispensed on the machine's command. Its public routes are registered where
 * the app registers those reached without signing in (`publicRoutes`).
 */
export function composeConsumerSide(
  deps: Pick<Deps, 'db' | 'clock'>,
  { config, jwtSecret, sms }: Pick<AppOptions, 'config' | 'jwtSecret' | 'sms'>,
  needs: ConsumerSideNeeds,
) {
  const channels = (): Promise<readonly PageChannel[]> => needs.payments.channels();
  const options = { gatewayUrl: config.gatewayUrl, webDist: config.webDist, jwtSecret, channels };
  const servicePhone = async () => (await needs.settings.get(GLOBAL_SETTING_QUERY)).servicePhone ?? null;
  const consumer = createConsumerService(deps, {
    alarms: needs.alarms,
    pricesFor: (machine) => needs.policies.pricesFor(machine),
    servicePhone,
    files: needs.files,
    access: orderAccess(options.jwtSecret),
    channels,
  });
  const stickers = createStickersService(deps, { publicUrl: options.gatewayUrl, servicePhone });
  const sandboxSms = config.sms.sandbox ? new SandboxSms(() => deps.clock.now()) : undefined;
  const consumers = createConsumersService(deps, {
    serverSecret: jwtSecret,
    sms:
      sms ??
      sandboxSms ??
      (config.sms.webhook
        ? webhookSms(config.sms.webhook.url, config.sms.webhook.secret, () => deps.clock.now())
        : undefined),
    members: needs.members,
    cardsOf: (memberId) => needs.cards.cardsOfMember(memberId),
    log: needs.log,
  });
  const consumerOrders = createConsumerOrdersService(deps, {
    orders: needs.orders,
    coupons: needs.coupons,
    members: needs.members,
    cards: needs.cards,
    commands: needs.commands,
    payments: needs.payments,
    access: orderAccess(jwtSecret),
    log: needs.log,
  });
  needs.scheduler.add('refund-undispensed-page-orders', '45 * * * * *', () => consumerOrders.refundUndispensed());
  let assets: PageAssets | undefined;
  const pageAssets = () => {
    assets ??= readPageAssets(options.webDist);
    return assets;
  };
  return {
    consumer,
    stickers,
    async publicRoutes(app: FastifyInstance) {
      await app.register(publicConsumerRoutes, { service: consumer, assets: pageAssets });
      const perMinute = config.publicRateLimit;
      await app.register(consumerOrdersRoutes, { service: consumerOrders, consumers, perMinute });
      await app.register(consumersRoutes, {
        service: consumers,
        orders: consumerOrders,
        coupons: needs.coupons,
        sandbox: sms ? undefined : sandboxSms,
        perMinute,
      });
    },
  };
}
