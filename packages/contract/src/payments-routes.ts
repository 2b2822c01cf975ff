import { authErrors, Empty, ErrorBody } from './common.ts';
import {
  NotifyChannelParam,
  PaymentChannelSettings,
  PaymentChannelSettingsInput,
  SandboxActionParam,
  SandboxPageQuery,
  SandboxPaymentParam,
} from './payments.ts';
import { defineRoute, FileReply, NoBody, RedirectReply } from './route.ts';

const tags = ['payments'];
const refusals = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 415: ErrorBody, 429: ErrorBody } as const;

export const paymentRoutes = {
  /**
   * Where a payment channel's notifications arrive (the address given with each payment). Public:
   * the configured driver checks the channel's signature; the answer is the one the channel's
   * protocol expects (WeChat Pay: 204 or `{code, message}`; Alipay: `success` or `fail`).
   */
  notify: defineRoute({
    method: 'POST',
    path: '/api/payments/notify/:channel',
    summary: 'A payment channel’s notification (paid, closed, refunded), checked by the channel’s driver',
    tags,
    permission: 'public',
    params: NotifyChannelParam,
    replies: { 200: FileReply(['text/plain', 'application/json']), 204: NoBody, 401: ErrorBody, ...refusals },
  }),
  channels: defineRoute({
    method: 'GET',
    path: '/api/payments/channels',
    summary: 'The payment channels’ drivers and settings (secrets only as set or not)',
    tags,
    permission: ['setting:list', 'setting:edit'],
    replies: { 200: PaymentChannelSettings, ...authErrors },
  }),
  saveChannels: defineRoute({
    method: 'PUT',
    path: '/api/payments/channels',
    summary: 'Store the payment channels’ drivers and settings (an empty secret keeps the stored one)',
    tags,
    permission: ['setting:edit'],
    body: PaymentChannelSettingsInput,
    replies: { 204: Empty, 400: ErrorBody, ...authErrors },
  }),
};

/** The sandbox channel's page: plays WeChat Pay or Alipay where no money moves. */
export const sandboxRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/pay/sandbox/:paymentId',
    summary: 'The sandbox channel’s payment page (Pay, Cancel, Fail): no money moves',
    tags,
    permission: 'public',
    params: SandboxPaymentParam,
    query: SandboxPageQuery,
    replies: { 200: FileReply(['text/html']), ...refusals },
  }),
  act: defineRoute({
    method: 'POST',
    path: '/pay/sandbox/:paymentId/:action',
    summary: 'The person pays, cancels or fails in the sandbox; then back to the shop’s page',
    tags,
    permission: 'public',
    params: SandboxActionParam,
    query: SandboxPageQuery,
    replies: { 302: RedirectReply, ...refusals },
  }),
};
