import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: Database;
    clock: Clock;
  }
}

/** Exposes the database the caller opened; closing the app does not close it (its opener does). */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; clock: Clock }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.decorate('clock', options.clock);
  },
  { name: 'database' },
);
