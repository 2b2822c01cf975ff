import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteExtras } from '../../lib/contract-route.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';

const MINUTE = 60_000;
const tooMany = () => tooManyRequests({ key: 'errors.consumers.tooManyRequests' });

/**
 * The limits of a public-page route: `perMinute` requests from one address (the route's own
 * limit), and as many about one subject (`subject`: its kind, and how a request names it: a
 * machine's sticker code, an order number, a phone), whoever asks, on every route about that
 * kind of subject. Both are counted in the database, across instances.
 */
export function publicLimits(
  app: FastifyInstance,
  perMinute: number,
  subject?: { kind: string; of: (request: FastifyRequest) => unknown },
): RouteExtras {
  // The plugin runs one limit a request: the subject's is checked by hand, after the address's.
  const bySubject = subject
    ? app.createRateLimit({
        max: perMinute,
        timeWindow: MINUTE,
        keyGenerator: (request) => {
          // Counted before the request is validated: a subject that is no code, number or phone counts as the address.
          const named: unknown = subject.of(request);
          const sane = typeof named === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(named);
          return `${subject.kind}:${sane ? named.toLowerCase() : `ip:${request.ip}`}`;
        },
      })
    : undefined;
  return {
    config: {
      rateLimit: {
        max: perMinute,
        timeWindow: MINUTE,
        keyGenerator: (request) => `ip:${request.ip}`,
        errorResponseBuilder: tooMany,
      },
    },
    ...(bySubject && {
      preValidation: async (request: FastifyRequest) => {
        const counted = await bySubject(request);
        if (!counted.isAllowed && counted.isExceeded) throw tooMany();
      },
    }),
  };
}

/** A path parameter of the request, as a limit names its subject. */
export const paramOf = (name: string) => (request: FastifyRequest) => (request.params as Record<string, unknown>)[name];
