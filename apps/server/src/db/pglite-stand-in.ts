/**
 * What drizzle's PGlite driver imports from PGlite, for the server's bundle (scripts/build.mjs):
 * the ids of the types its statements leave as text. The database runs on a thread of its own
 * (pglite-thread.ts); loading PGlite's code on the main thread too cost memory and start-up.
 */
export const types = { DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184, INTERVAL: 1186 } as const;

/** Drizzle makes a PGlite only when given a data directory instead of a client, which the server never does. */
export class PGlite {
  constructor() {
    throw new Error('The embedded database runs on its own thread: pass drizzle its client');
  }
}
