import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { RouteExtras } from '../../lib/contract-route.ts';

const MINUTE = 60_000;

/**
 * The limits of a public-page route: `perMinute` requests from one address (the route's own
 * limit), and as many about one machine or order (`subjectOf`: its sticker code or order number,
 * in either case), whoever asks. Both are counted in the database, across instances.
 */
export function publicLimits(
  app: FastifyInstance,
  perMinute: number,
  subjectOf?: (request: FastifyRequest) => string | undefined,
): RouteExtras {
  const bySubject = subjectOf
    ? (app.rateLimit({
        max: perMinute,
        timeWindow: MINUTE,
        keyGenerator: (request) => `public:${subjectOf(request)?.toLowerCase() ?? request.ip}`,
      }) as unknown as preValidationAsyncHookHandler)
    : undefined;
  return {
    config: { rateLimit: { max: perMinute, timeWindow: MINUTE, keyGenerator: (request) => `ip:${request.ip}` } },
    ...(bySubject && { preValidation: bySubject }),
  };
}

/** A path parameter of the request, as the rate limit keys on it. */
export const paramOf = (name: string) => (request: FastifyRequest) =>
  (request.params as Record<string, string | undefined>)[name];
