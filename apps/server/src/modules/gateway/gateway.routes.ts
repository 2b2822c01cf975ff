import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@water/contract/common';
import {
  ChannelNotification,
  ChannelParam,
  ClaimInput,
  GATEWAY_HEADERS,
  GATEWAY_PREFIX,
  GatewayCoupon,
  GatewayDispenseInput,
  GatewayOrder,
  GatewayOrderInput,
  GatewayOrderRef,
  GatewayPaymentInput,
  Heartbeat,
  HeartbeatAnswer,
  MemberCoupons,
  MemberKeyQuery,
} from '@water/contract/gateway';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { GatewayMachineRow } from './gateway.repository.ts';
import type { GatewayService, SignedRequest } from './gateway.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The machine that signed a gateway request. */
    machine?: GatewayMachineRow;
  }
}

const tags = ['gateway'];
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};
const signed = (request: FastifyRequest): SignedRequest => ({
  method: request.method,
  path: request.url,
  timestamp: header(request, GATEWAY_HEADERS.timestamp),
  nonce: header(request, GATEWAY_HEADERS.nonce),
  signature: header(request, GATEWAY_HEADERS.signature),
  body: request.rawBody ?? '',
});

/** What every gateway call may be refused with, besides its own answers. */
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * `/gateway/v1/…`: what water machines call (heartbeats and the steps of a sale) and where
 * payment channels notify payments. Never a staff session: each request is signed.
 */
export async function gatewayRoutes(
  base: FastifyInstance,
  { gateway, orders, coupons }: { gateway: GatewayService; orders: OrdersService; coupons: CouponsService },
) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  await app.register(async (machines) => {
    const signedByMachine = machines.withTypeProvider<TypeBoxTypeProvider>();
    signedByMachine.decorateRequest('machine', undefined);
    signedByMachine.addHook('preValidation', async (request) => {
      request.machine = await gateway.authenticateMachine(header(request, GATEWAY_HEADERS.machine), signed(request));
    });
    const machineOf = (request: FastifyRequest) => request.machine as GatewayMachineRow;

    signedByMachine.post(
      `${GATEWAY_PREFIX}/heartbeat`,
      {
        schema: {
          tags,
          summary: 'A machine’s heartbeat with its telemetry; answers its prices',
          body: Heartbeat,
          response: { 200: HeartbeatAnswer, ...refusals },
        },
      },
      async (request) => gateway.heartbeat(machineOf(request), request.body),
    );
    signedByMachine.post(
      `${GATEWAY_PREFIX}/orders`,
      {
        schema: {
          tags,
          summary: 'A sale begins: answers our order and what to pay (the same machine number again: the same order)',
          body: GatewayOrderInput,
          response: { 200: GatewayOrder, 201: GatewayOrder, ...refusals },
        },
      },
      async (request, reply) => {
        const { order, created } = await orders.createFromMachine(machineOf(request), request.body);
        return reply.code(created ? 201 : 200).send(order);
      },
    );
    signedByMachine.get(
      `${GATEWAY_PREFIX}/orders/:machineOrderNo`,
      {
        schema: {
          tags,
          summary: 'An order of the machine (whether a channel payment arrived)',
          params: GatewayOrderRef,
          response: { 200: GatewayOrder, ...refusals },
        },
      },
      async (request) => orders.machineOrder(machineOf(request), request.params.machineOrderNo),
    );
    signedByMachine.post(
      `${GATEWAY_PREFIX}/orders/:machineOrderNo/payment`,
      {
        schema: {
          tags,
          summary: 'The machine took a card or coins for the order',
          params: GatewayOrderRef,
          body: GatewayPaymentInput,
          response: { 200: GatewayOrder, ...refusals },
        },
      },
      async (request) => orders.payByMachine(machineOf(request), request.params.machineOrderNo, request.body),
    );
    signedByMachine.post(
      `${GATEWAY_PREFIX}/orders/:machineOrderNo/dispense`,
      {
        schema: {
          tags,
          summary: 'What the machine dispensed: started, completed (perhaps short) or failed',
          params: GatewayOrderRef,
          body: GatewayDispenseInput,
          response: { 200: GatewayOrder, ...refusals },
        },
      },
      async (request) => orders.dispense(machineOf(request), request.params.machineOrderNo, request.body),
    );
    signedByMachine.get(
      `${GATEWAY_PREFIX}/coupons`,
      {
        schema: {
          tags,
          summary: 'A member’s coupons good at this machine, and those the member may claim here',
          querystring: MemberKeyQuery,
          response: { 200: MemberCoupons, ...refusals },
        },
      },
      async (request) => coupons.memberCoupons(machineOf(request), request.query),
    );
    signedByMachine.post(
      `${GATEWAY_PREFIX}/coupons/claim`,
      {
        schema: {
          tags,
          summary: 'A member claims a coupon at the machine (by the template’s id, or by a code)',
          body: ClaimInput,
          response: { 201: GatewayCoupon, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await coupons.claim(machineOf(request), request.body)),
    );
  });

  app.post(
    `${GATEWAY_PREFIX}/channels/:channel/notify`,
    {
      preValidation: async (request) => {
        const channel = (request.params as { channel?: string }).channel?.toUpperCase();
        if (channel !== 'WECHAT' && channel !== 'ALIPAY') return; // the schema refuses it next
        await gateway.authenticateChannel(channel, signed(request));
      },
      schema: {
        tags,
        summary: 'A payment channel’s signed notification that an order was paid',
        params: ChannelParam,
        body: ChannelNotification,
        response: {
          200: Type.Object({ orderNo: Type.String(), state: Type.String() }),
          ...refusals,
        },
      },
    },
    async (request) => orders.payByChannel(request.params.channel.toUpperCase() as 'WECHAT' | 'ALIPAY', request.body),
  );
}
