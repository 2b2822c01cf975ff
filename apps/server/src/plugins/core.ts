import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { PrincipalCache } from '../domain/principal.ts';
import type { SessionStore } from '../domain/sessions.ts';
import type { Deps } from '../lib/deps.ts';
import type { EventBus } from '../lib/events.ts';
import type { Clock } from '../lib/time.ts';
import type { TokenSigner } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: Database;
    clock: Clock;
    events: EventBus;
    sessions: SessionStore;
    principals: PrincipalCache;
    tokens: TokenSigner;
  }
}

/**
 * Puts the app's shared services where the framework-level plugins (authentication, realtime,
 * operation log) find them. Modules do not read them from the app: their services receive them.
 * Closing the app stops the event bus; the database is closed by whoever opened it.
 */
export const corePlugin = fp(
  async (app: FastifyInstance, deps: Deps) => {
    app.decorate('database', deps.database);
    app.decorate('db', deps.db);
    app.decorate('clock', deps.clock);
    app.decorate('events', deps.events);
    app.decorate('sessions', deps.sessions);
    app.decorate('principals', deps.principals);
    app.decorate('tokens', deps.tokens);
    app.addHook('onClose', () => deps.events.close());
  },
  { name: 'core' },
);
