import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Deps } from '../../lib/deps.ts';
import { createChannelSettings } from './channel-settings.ts';
import { publicPaymentRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentOrders, type PaymentsService } from './payments.service.ts';
import { sandboxChannel } from './sandbox-channel.ts';
import { sandboxKey } from './sandbox-signing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments through the channels' drivers: the public page's `PaymentStarter`; `idle` waits for those under way. */
    payments: PaymentsService & { idle(): Promise<void> };
  }
}

/** The server's own address once it listens (the sandbox channel notifies it there), else undefined. */
function ownAddress(app: FastifyInstance): string | undefined {
  const address = app.server.address();
  if (!address || typeof address === 'string') return undefined;
  const any = address.address === '0.0.0.0' || address.address === '::';
  const host = any ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The payment side as the app composes it: the sandbox channel (WeChat Pay and Alipay where no
 * money moves; on by default only in the demo), the channels' settings and drivers, and the
 * payments service the public page starts payments with and the orders module refunds through.
 */
export function composePayments(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'clock' | 'events'>,
  options: {
    jwtSecret: string;
    config: Pick<Config, 'seedDemo' | 'gatewayUrl'>;
    /** Late-bound: the orders module is made with the payments' refund port. */
    orders: () => PaymentOrders;
  },
) {
  const { jwtSecret, config } = options;
  const sandbox = sandboxChannel({
    db: deps.db,
    clock: deps.clock,
    key: sandboxKey(jwtSecret),
    log: app.log,
    selfUrl: () => ownAddress(app),
  });
  const paymentChannels = createChannelSettings(deps, {
    serverSecret: jwtSecret,
    // The sandbox is on by default only in the demo.
    sandboxByDefault: config.seedDemo,
    sandbox,
    log: app.log,
  });
  const payments = createPaymentsService(deps, {
    settings: paymentChannels,
    orders: options.orders,
    // Where the channels reach this server (GATEWAY_URL); without it, paths, which only the sandbox takes.
    notifyBase: config.gatewayUrl ?? '',
    log: app.log,
  });
  app.decorate('payments', {
    ...payments,
    idle: async () => {
      await payments.sendRefunds();
      await sandbox.idle();
    },
  });
  // Notifications under way finish before the database closes.
  app.addHook('onClose', async () => sandbox.idle());
  // Reached without a session: the channels' notifications and the sandbox's page.
  void app.register(publicPaymentRoutes, { payments, sandbox });
  return { payments, paymentChannels, sandbox };
}
