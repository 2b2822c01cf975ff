import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/infrastructure.schema.ts';
import type { Clock } from '../lib/time.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface StoreOptions {
  routeInfo?: { method?: string; url?: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A store for @fastify/rate-limit that counts in the database, so that instances behind a load
 * balancer share one limit per address instead of each granting its own.
 */
export function databaseRateLimitStore(db: Database, clock: Clock) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #route: string;

    constructor(options: StoreOptions = {}) {
      this.#route = options.routeInfo ? `${options.routeInfo.method} ${options.routeInfo.url}` : '*';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      this.#count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(options: object): FastifyRateLimitStore {
      // The plugin passes the merged route options, with the route under `routeInfo`.
      return new DatabaseRateLimitStore(options as StoreOptions);
    }

    async #count(key: string, timeWindow: number) {
      const now = clock.now();
      const windowEnd = new Date(now.getTime() - timeWindow);
      const expired = sql`${rateLimits.windowStart} <= ${windowEnd}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key: `${this.#route}|${key}`, hits: 1, windowStart: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN ${now}::timestamptz ELSE ${rateLimits.windowStart} END`,
          },
        })
        .returning();
      // Addresses that stopped trying are swept now and then.
      if (Math.random() < 0.01)
        await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS)));
      return { current: row!.hits, ttl: Math.max(0, row!.windowStart.getTime() + timeWindow - now.getTime()) };
    }
  };
}
