import { firmwareDownloadRoutes } from '@water/contract/firmware-routes';
import { GATEWAY_HEADERS } from '@water/contract/gateway';
import { channelGatewayRoutes, machineGatewayRoutes as routes } from '@water/contract/gateway-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import type { CommandsService } from '../commands/commands.service.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { FirmwareService } from '../firmware/firmware.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { GatewayMachineRow } from './gateway.repository.ts';
import type { GatewayService, SignedRequest } from './gateway.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The machine that signed a gateway request. */
    machine?: GatewayMachineRow;
  }
}

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

/**
 * `/gateway/v1/…`: what water machines call (heartbeats and the steps of a sale) and where
 * payment channels notify payments. Never a staff session: each request is signed.
 */
export async function gatewayRoutes(
  app: FastifyInstance,
  {
    gateway,
    orders,
    coupons,
    commands,
    firmware,
  }: {
    gateway: GatewayService;
    orders: OrdersService;
    coupons: CouponsService;
    commands: CommandsService;
    firmware: FirmwareService;
  },
) {
  await app.register(async (signedByMachine) => {
    signedByMachine.decorateRequest('machine', undefined);
    signedByMachine.addHook('preValidation', async (request) => {
      request.machine = await gateway.authenticateMachine(header(request, GATEWAY_HEADERS.machine), signed(request));
    });
    const machineOf = (request: FastifyRequest) => request.machine as GatewayMachineRow;

    contractRoute(signedByMachine, routes.heartbeat, async (request) =>
      gateway.heartbeat(machineOf(request), request.body),
    );
    contractRoute(signedByMachine, routes.createOrder, async (request, reply) => {
      const machine = machineOf(request);
      // A machine in maintenance mode (locked) takes no new orders; sales under way finish.
      const admitted = commands.refuseSalesInMaintenance(machine);
      const { order, created } = await orders.createFromMachine(machine, request.body, admitted);
      return reply.code(created ? 201 : 200).send(order);
    });
    contractRoute(signedByMachine, routes.order, async (request) =>
      orders.machineOrder(machineOf(request), request.params.machineOrderNo),
    );
    contractRoute(signedByMachine, routes.pay, async (request) =>
      orders.payByMachine(machineOf(request), request.params.machineOrderNo, request.body),
    );
    contractRoute(signedByMachine, routes.dispense, async (request) =>
      orders.dispense(machineOf(request), request.params.machineOrderNo, request.body),
    );
    contractRoute(signedByMachine, routes.memberCoupons, async (request) =>
      coupons.memberCoupons(machineOf(request), request.query),
    );
    contractRoute(signedByMachine, routes.claimCoupon, async (request) =>
      coupons.claim(machineOf(request), request.body),
    );
    contractRoute(signedByMachine, routes.ackCommand, async (request) =>
      commands.acknowledge(machineOf(request), request.body),
    );
    contractRoute(signedByMachine, routes.firmwareProgress, async (request) =>
      firmware.report(machineOf(request), request.body),
    );
  });

  // A machine downloads its update's package through the signed link its command carries.
  contractRoute(app, firmwareDownloadRoutes.download, async (request, reply) =>
    firmware.packages.download(reply, request.params, request.query),
  );

  contractRoute(
    app,
    channelGatewayRoutes.notify,
    async (request) => orders.payByChannel(request.params.channel.toUpperCase() as 'WECHAT' | 'ALIPAY', request.body),
    {
      preValidation: async (request) => {
        const channel = (request.params as { channel?: string }).channel?.toUpperCase();
        if (channel !== 'WECHAT' && channel !== 'ALIPAY') return; // the schema refuses it next
        await gateway.authenticateChannel(channel, signed(request));
      },
    },
  );
}
