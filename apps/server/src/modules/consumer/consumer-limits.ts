import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../lib/http-errors.ts';

/** A limit of the public page: so many requests in a window, counted by one key of the request. */
interface Limit {
  name: string;
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
}

/** The sticker code a request names, in one case (codes are compared case-insensitively). */
export const codeOf = (request: FastifyRequest) =>
  String((request.params as { code?: string } | undefined)?.code ?? '')
    .slice(0, 64)
    .toLowerCase();

/**
 * A hook that counts a request against each limit (per address, per machine…) in the database
 * store, so that instances share them, and refuses it with 429 once any is exceeded. Each limit
 * keeps its own count: @fastify/rate-limit's route option takes one key only.
 */
export function publicLimits(
  app: FastifyInstance,
  limits: readonly Limit[],
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
    }),
  }));
  return async (request, reply) => {
    for (const { limit, check } of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(limit.windowMs / 1000))));
        throw tooManyRequests({ key: 'errors.consumer.tooMany' });
      }
    }
  };
}
