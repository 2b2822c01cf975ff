import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Proof that a consumer holds an order: the token the public page is given when it makes the
 * order (an HMAC of the order number under a key derived from the server's secret), which it then
 * sends to follow the order, stop its fill or report a problem with it. Order numbers carry the
 * date and a sequence, so the number alone proves nothing; without the token no consumer reads
 * another's order.
 */
export function orderAccess(serverSecret: string) {
  const key = createHash('sha256').update(`water-order-access-v1:${serverSecret}`).digest();
  const tokenOf = (orderNo: string) => createHmac('sha256', key).update(orderNo).digest('base64url');
  return {
    tokenOf,
    /** Whether the token is the order's own (compared in constant time). */
    holds(orderNo: string, token: string | undefined): boolean {
      if (!token) return false;
      const expected = Buffer.from(tokenOf(orderNo));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type OrderAccess = ReturnType<typeof orderAccess>;
