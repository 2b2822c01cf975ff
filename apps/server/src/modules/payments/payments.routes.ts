import type { PaymentChannel } from '@water/contract/payments';
import { paymentRoutes as routes, sandboxRoutes } from '@water/contract/payments-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { notFound } from '../../lib/http-errors.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { ChannelSettings } from './channel-settings.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SandboxChannel } from './sandbox-channel.ts';
import { SANDBOX_PAGE_POLICY, sandboxPage } from './sandbox-page.ts';

/** A person at the sandbox's page clicks a few times a minute; more is a script. */
const SANDBOX_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
/** Channels notify in bursts (retries, refunds); a flood beyond this is not theirs. */
const NOTIFY_RATE_LIMIT = { max: 600, timeWindow: 60_000 };

/**
 * Reached without a session: the channels' notifications (checked by the channel's driver, the
 * body kept as sent for its signature) and the sandbox channel's page.
 */
export async function publicPaymentRoutes(
  app: FastifyInstance,
  { payments, sandbox }: { payments: PaymentsService; sandbox: SandboxChannel },
) {
  // Alipay notifies as a form; the sandbox page's buttons post empty forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body.toString();
    done(null, request.rawBody);
  });

  contractRoute(
    app,
    routes.notify,
    async (request, reply) => {
      const channel = request.params.channel.toUpperCase() as PaymentChannel;
      const answer = await payments.notify(channel, { headers: request.headers, rawBody: request.rawBody ?? '' });
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
    { config: { rateLimit: NOTIFY_RATE_LIMIT } },
  );

  const paymentOf = async (paymentId: string) => {
    const payment = await sandbox.payment(paymentId);
    if (!payment) throw notFound({ key: 'errors.payments.noPayment' });
    return payment;
  };

  contractRoute(
    app,
    sandboxRoutes.page,
    async (request, reply) => {
      const payment = await paymentOf(request.params.paymentId);
      return reply
        .header('content-security-policy', SANDBOX_PAGE_POLICY)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(sandboxPage(payment, request.query.lang ?? 'zh'));
    },
    { config: { rateLimit: SANDBOX_RATE_LIMIT } },
  );

  contractRoute(
    app,
    sandboxRoutes.act,
    async (request, reply) => {
      const payment = await paymentOf(request.params.paymentId);
      const acted = await sandbox.act(payment, request.params.action);
      // Done: back to the shop's page, as a channel's cashier sends the person; else the page shows why not.
      const page = `/pay/sandbox/${payment.id}?lang=${request.query.lang ?? 'zh'}`;
      return reply.redirect(acted && payment.returnUrl ? payment.returnUrl : page, 302);
    },
    { config: { rateLimit: SANDBOX_RATE_LIMIT } },
  );
}

/** The payment channels' settings, with the global settings' permissions. */
export async function paymentChannelRoutes(app: FastifyInstance, { settings }: { settings: ChannelSettings }) {
  contractRoute(app, routes.channels, async () => settings.answer());
  contractRoute(app, routes.saveChannels, async (request) => {
    await settings.save(principalOf(request), request.body);
  });
}
