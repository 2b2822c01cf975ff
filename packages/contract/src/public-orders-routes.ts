import { Empty, ErrorBody } from './common.ts';
import {
  PublicOrder,
  PublicOrderCreated,
  PublicOrderInput,
  PublicOrderNoParam,
  PublicQuote,
  PublicQuoteInput,
  StickerCodeParam,
} from './public-orders.ts';
import { defineRoute } from './route.ts';

const tags = ['public'];
const refusals = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Buying water on a machine's public page: no staff session, rate-limited per address and per machine. */
export const publicOrderRoutes = {
  quote: defineRoute({
    method: 'POST',
    path: '/api/public/machines/:code/quote',
    summary: 'What an order of the machine would cost: price policy, member price and coupon applied',
    tags,
    permission: 'public',
    params: StickerCodeParam,
    body: PublicQuoteInput,
    replies: { 200: PublicQuote, ...refusals },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/public/machines/:code/orders',
    summary: 'Order water from the machine; answers the order’s access token and how to pay',
    tags,
    permission: 'public',
    params: StickerCodeParam,
    body: PublicOrderInput,
    replies: { 201: PublicOrderCreated, ...refusals },
  }),
  order: defineRoute({
    method: 'GET',
    path: '/api/public/orders/:orderNo',
    summary: 'An order followed by the phone that holds it (X-Order-Token)',
    tags,
    permission: 'public',
    params: PublicOrderNoParam,
    replies: { 200: PublicOrder, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  }),
  stop: defineRoute({
    method: 'POST',
    path: '/api/public/orders/:orderNo/stop',
    summary: 'Stop a “fill until I stop” order; it is settled by the volume dispensed',
    tags,
    permission: 'public',
    params: PublicOrderNoParam,
    replies: { 204: Empty, ...refusals },
  }),
};
