import { Empty, ErrorBody } from './common.ts';
import {
  ClaimAtQuery,
  ConsumerCodeInput,
  ConsumerCoupons,
  ConsumerMe,
  ConsumerSession,
  ConsumerSessionInput,
  CouponTemplateParam,
  SandboxInbox,
  SandboxInboxQuery,
} from './consumers.ts';
import { StickerCodeParam } from './public-orders.ts';
import { defineRoute } from './route.ts';

const tags = ['public'];
const signedOut = { 401: ErrorBody, 429: ErrorBody };

/** A consumer on the public page: signed in by phone, their cards and coupons. */
export const consumerRoutes = {
  sendCode: defineRoute({
    method: 'POST',
    path: '/api/public/consumers/codes',
    summary: 'Send a six-digit sign-in code to a phone by SMS (again no sooner than a minute later)',
    tags,
    permission: 'public',
    body: ConsumerCodeInput,
    replies: { 204: Empty, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/api/public/consumers/sessions',
    summary: 'Sign in with the code sent to the phone; answers the consumer’s token (X-Consumer-Token)',
    tags,
    permission: 'public',
    body: ConsumerSessionInput,
    replies: { 200: ConsumerSession, 400: ErrorBody, 429: ErrorBody },
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/public/consumers/me',
    summary: 'The signed-in consumer: masked phone, water cards and balances',
    tags,
    permission: 'public',
    replies: { 200: ConsumerMe, ...signedOut },
  }),
  coupons: defineRoute({
    method: 'GET',
    path: '/api/public/machines/:code/coupons',
    summary: 'The signed-in consumer’s coupons usable at the machine, and those to claim there',
    tags,
    permission: 'public',
    params: StickerCodeParam,
    replies: { 200: ConsumerCoupons, 400: ErrorBody, 404: ErrorBody, ...signedOut },
  }),
  claim: defineRoute({
    method: 'POST',
    path: '/api/public/coupons/:templateId/claim',
    summary: 'Claim a coupon (of a CLAIM template) for the signed-in consumer, at the machine `code` names',
    tags,
    permission: 'public',
    params: CouponTemplateParam,
    query: ClaimAtQuery,
    replies: { 201: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...signedOut },
  }),
  sandboxInbox: defineRoute({
    method: 'GET',
    path: '/api/public/sandbox/sms',
    summary: 'The SMS the sandbox sender “sent” to a phone (only while the sandbox sender is on)',
    tags,
    permission: 'public',
    query: SandboxInboxQuery,
    replies: { 200: SandboxInbox, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }),
};
