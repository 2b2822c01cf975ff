import Type from 'typebox';
import { CommandAck, CommandAckAnswer } from './commands.ts';
import { ErrorBody } from './common.ts';
import {
  ChannelNotification,
  ChannelParam,
  ClaimInput,
  FirmwareProgress,
  FirmwareProgressAnswer,
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
} from './gateway.ts';
import { defineRoute } from './route.ts';

const tags = ['gateway'];
/** What every gateway call may be refused with, besides its own answers. */
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody } as const;

/**
 * `/gateway/v1/…`: what water machines call (heartbeats and the steps of a sale), each request
 * signed with the machine's secret (docs/gateway.md); never a staff session.
 */
export const machineGatewayRoutes = {
  heartbeat: defineRoute({
    method: 'POST',
    path: `${GATEWAY_PREFIX}/heartbeat`,
    summary: 'A machine’s heartbeat with its telemetry; answers its prices',
    tags,
    permission: 'gateway',
    body: Heartbeat,
    replies: { 200: HeartbeatAnswer, ...refusals },
  }),
  /** 201 for a new order, 200 for the one the machine's number already made. */
  createOrder: defineRoute({
    method: 'POST',
    path: `${GATEWAY_PREFIX}/orders`,
    summary: 'A sale begins: answers our order and what to pay (the same machine number again: the same order)',
    tags,
    permission: 'gateway',
    body: GatewayOrderInput,
    replies: { 200: GatewayOrder, 201: GatewayOrder, ...refusals },
  }),
  order: defineRoute({
    method: 'GET',
    path: `${GATEWAY_PREFIX}/orders/:machineOrderNo`,
    summary: 'An order of the machine (whether a channel payment arrived)',
    tags,
    permission: 'gateway',
    params: GatewayOrderRef,
    replies: { 200: GatewayOrder, ...refusals },
  }),
  pay: defineRoute({
    method: 'POST',
    path: `${GATEWAY_PREFIX}/orders/:machineOrderNo/payment`,
    summary: 'The machine took a card or coins for the order',
    tags,
    permission: 'gateway',
    params: GatewayOrderRef,
    body: GatewayPaymentInput,
    replies: { 200: GatewayOrder, ...refusals },
  }),
  dispense: defineRoute({
    method: 'POST',
    path: `${GATEWAY_PREFIX}/orders/:machineOrderNo/dispense`,
    summary: 'What the machine dispensed: started, completed (perhaps short) or failed',
    tags,
    permission: 'gateway',
    params: GatewayOrderRef,
    body: GatewayDispenseInput,
    replies: { 200: GatewayOrder, ...refusals },
  }),
  memberCoupons: defineRoute({
    method: 'GET',
    path: `${GATEWAY_PREFIX}/coupons`,
    summary: 'A member’s coupons good at this machine, and those the member may claim here',
    tags,
    permission: 'gateway',
    query: MemberKeyQuery,
    replies: { 200: MemberCoupons, ...refusals },
  }),
  claimCoupon: defineRoute({
    method: 'POST',
    path: `${GATEWAY_PREFIX}/coupons/claim`,
    summary: 'A member claims a coupon at the machine (by the template’s id, or by a code)',
    tags,
    permission: 'gateway',
    body: ClaimInput,
    replies: { 201: GatewayCoupon, ...refusals },
  }),
  ackCommand: defineRoute({
    method: 'POST',
    path: `${GATEWAY_PREFIX}/commands/ack`,
    summary: 'A machine acknowledges a command: received, succeeded or failed (again: the same answer)',
    tags,
    permission: 'gateway',
    body: CommandAck,
    replies: { 200: CommandAckAnswer, ...refusals },
  }),
  firmwareProgress: defineRoute({
    method: 'POST',
    path: `${GATEWAY_PREFIX}/firmware/progress`,
    summary: 'A machine reports a firmware update’s progress or result (again: the same answer)',
    tags,
    permission: 'gateway',
    body: FirmwareProgress,
    replies: { 200: FirmwareProgressAnswer, ...refusals },
  }),
};

/** Where payment channels notify payments, signed with the channel's key. */
export const channelGatewayRoutes = {
  notify: defineRoute({
    method: 'POST',
    path: `${GATEWAY_PREFIX}/channels/:channel/notify`,
    summary: 'A payment channel’s signed notification that an order was paid',
    tags,
    permission: 'gateway',
    params: ChannelParam,
    body: ChannelNotification,
    replies: { 200: Type.Object({ orderNo: Type.String(), state: Type.String() }), ...refusals },
  }),
};
