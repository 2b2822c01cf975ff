import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from './app.ts';
import type { Deps } from './lib/deps.ts';
import type { FileStore } from './lib/file-storage.ts';
import type { AlarmsService } from './modules/alarms/alarms.service.ts';
import { publicConsumerRoutes } from './modules/consumer/consumer.routes.ts';
import { createConsumerService, type PageChannel } from './modules/consumer/consumer.service.ts';
import type { PageAssets } from './modules/consumer/machine-page.ts';
import { readPageAssets } from './modules/consumer/page-assets.ts';
import { createStickersService } from './modules/consumer/stickers.service.ts';
import { orderAccess } from './modules/orders/order-access.ts';
import type { PricePoliciesService } from './modules/price-policies/price-policies.service.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';

/** What the consumer's side needs of the rest of the server. */
export interface ConsumerSideNeeds {
  alarms: AlarmsService;
  policies: PricePoliciesService;
  settings: SettingsService;
  files: FileStore;
  /** The channels consumers can pay with on a machine's page now (the payments module's; none by default). */
  channels?: () => Promise<readonly PageChannel[]>;
}

/**
 * The consumer's side as the app composes it: the page behind a machine's sticker (read through
 * the other modules' services), its problem reports (alarms), the stickers, and the page's script
 * and styles from the web build (read once, when first asked for). Its public routes are
 * registered where the app registers those reached without signing in (`publicRoutes`).
 */
export function composeConsumerSide(
  deps: Pick<Deps, 'db' | 'clock'>,
  { config, jwtSecret }: Pick<AppOptions, 'config' | 'jwtSecret'>,
  needs: ConsumerSideNeeds,
) {
  const options = { gatewayUrl: config.gatewayUrl, webDist: config.webDist, jwtSecret, channels: needs.channels };
  const servicePhone = async () => (await needs.settings.get(GLOBAL_SETTING_QUERY)).servicePhone ?? null;
  const consumer = createConsumerService(deps, {
    alarms: needs.alarms,
    pricesFor: (machine) => needs.policies.pricesFor(machine),
    servicePhone,
    files: needs.files,
    access: orderAccess(options.jwtSecret),
    ...(options.channels && { channels: options.channels }),
  });
  const stickers = createStickersService(deps, { publicUrl: options.gatewayUrl, servicePhone });
  let assets: PageAssets | undefined;
  const pageAssets = () => {
    assets ??= readPageAssets(options.webDist);
    return assets;
  };
  return {
    consumer,
    stickers,
    publicRoutes: (app: FastifyInstance) =>
      app.register(publicConsumerRoutes, { service: consumer, assets: pageAssets }),
  };
}
