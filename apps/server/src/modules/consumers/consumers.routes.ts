import { consumerRoutes as routes } from '@water/contract/consumers-routes';
import { PUBLIC_HEADERS } from '@water/contract/public-orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { notFound } from '../../lib/http-errors.ts';
import { languageOf } from '../../lib/texts.ts';
import { headerOf } from '../consumer-orders/consumer-orders.routes.ts';
import type { ConsumerOrdersService } from '../consumer-orders/consumer-orders.service.ts';
import { paramOf, publicLimits } from '../consumer-orders/public-rate-limits.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { ConsumersService } from './consumers.service.ts';
import type { SandboxSms } from './sms-senders.ts';

/** A consumer on the public page: signing in by phone, their cards, their coupons at a machine. */
export async function consumersRoutes(
  app: FastifyInstance,
  {
    service,
    orders,
    coupons,
    sandbox,
    perMinute,
  }: {
    service: ConsumersService;
    orders: ConsumerOrdersService;
    coupons: CouponsService;
    /** The sandbox SMS sender, when it is the one in use: its inbox is readable. */
    sandbox: SandboxSms | undefined;
    perMinute: number;
  },
) {
  const byPhone = publicLimits(app, perMinute, {
    kind: 'phone',
    of: (request) => (request.body as { phone?: unknown } | null | undefined)?.phone,
  });
  const signedIn = (request: FastifyRequest) => service.signedIn(headerOf(request, PUBLIC_HEADERS.consumer));

  contractRoute(
    app,
    routes.sendCode,
    async (request) => {
      await service.sendCode(request.body.phone, languageOf(request.headers['accept-language']));
    },
    byPhone,
  );
  contractRoute(app, routes.signIn, async (request) => service.signIn(request.body.phone, request.body.code), byPhone);
  contractRoute(app, routes.me, async (request) => service.me(await signedIn(request)), publicLimits(app, perMinute));
  contractRoute(
    app,
    routes.coupons,
    async (request) => {
      const consumer = await signedIn(request);
      const machine = await orders.machineOf(request.params.code);
      return coupons.forConsumer(machine, await service.memberIdOf(consumer));
    },
    publicLimits(app, perMinute, { kind: 'machine', of: paramOf('code') }),
  );
  contractRoute(
    app,
    routes.claim,
    async (request) => {
      const consumer = await signedIn(request);
      const machine = request.query.code ? await orders.machineOf(request.query.code) : undefined;
      await coupons.claimFor(consumer.phone, request.params.templateId, machine);
    },
    publicLimits(app, perMinute, { kind: 'coupon', of: paramOf('templateId') }),
  );
  contractRoute(
    app,
    routes.sandboxInbox,
    async (request) => {
      if (!sandbox) throw notFound();
      return { messages: sandbox.inbox(request.query.phone) };
    },
    publicLimits(app, perMinute),
  );
}
