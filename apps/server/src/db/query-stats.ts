/** Figures of one SQL statement since the server started (the SQL monitor). */
export interface StatementStats {
  sql: string;
  count: number;
  totalMs: number;
  maxMs: number;
  /** Rows returned, or changed by a statement that returns none. */
  rows: number;
  errors: number;
  lastError: string | null;
  /** When it last ran, in epoch milliseconds. */
  lastSeen: number;
}

/** Rows a driver's answer carries: `rows` of a query, else `rowCount` (pg) or `affectedRows` (PGlite). */
function rowsOf(result: unknown): number {
  if (typeof result !== 'object' || result === null) return 0;
  const answer = result as { rows?: unknown; rowCount?: unknown; affectedRows?: unknown };
  const returned = Array.isArray(answer.rows) ? answer.rows.length : 0;
  const changed = [answer.rowCount, answer.affectedRows].find((value) => typeof value === 'number') as
    | number
    | undefined;
  return Math.max(returned, changed ?? 0);
}

const MAX_STATEMENTS = 500;

/** Counts and times every statement the app runs; statements are parameterised, so their text is stable. */
export class QueryStats {
  readonly #stats = new Map<string, StatementStats>();

  async time<T>(sql: string, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    let failure: unknown;
    let rows = 0;
    try {
      const result = await run();
      rows = rowsOf(result);
      return result;
    } catch (error) {
      failure = error ?? new Error('unknown error');
      throw error;
    } finally {
      this.#record(sql, performance.now() - start, rows, failure);
    }
  }

  #record(sql: string, ms: number, rows: number, failure: unknown): void {
    let entry = this.#stats.get(sql);
    if (!entry) {
      if (this.#stats.size >= MAX_STATEMENTS) return;
      entry = { sql, count: 0, totalMs: 0, maxMs: 0, rows: 0, errors: 0, lastError: null, lastSeen: 0 };
      this.#stats.set(sql, entry);
    }
    entry.count += 1;
    entry.totalMs += ms;
    entry.maxMs = Math.max(entry.maxMs, ms);
    entry.rows += rows;
    entry.lastSeen = Date.now();
    if (failure !== undefined) {
      entry.errors += 1;
      entry.lastError = failure instanceof Error ? failure.message.slice(0, 300) : String(failure);
    }
  }

  snapshot(): StatementStats[] {
    return [...this.#stats.values()].map((entry) => ({ ...entry }));
  }

  reset(): void {
    this.#stats.clear();
  }
}

type Queryable = { query: (...args: never[]) => Promise<unknown> };

const textOf = (first: unknown): string =>
  typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? 'unknown statement');

/**
 * Wraps a database client (a PGlite instance, a pg pool or client, a transaction) so that every
 * `query` is timed; clients it hands out (`connect`, `transaction`) are wrapped the same way.
 */
export function instrument<T extends object>(client: T, stats: QueryStats): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'query') {
        return (...args: unknown[]) =>
          stats.time(textOf(args[0]), () => (value as Queryable['query']).apply(target, args as never[]));
      }
      if (property === 'connect') {
        return async (...args: unknown[]) => {
          const connected = await (value as (...a: unknown[]) => Promise<object>).apply(target, args);
          return instrument(connected, stats);
        };
      }
      if (property === 'transaction') {
        return (callback: (tx: object) => Promise<unknown>, ...rest: unknown[]) =>
          (value as (...a: unknown[]) => Promise<unknown>).call(
            target,
            (tx: object) => callback(instrument(tx, stats)),
            ...rest,
          );
      }
      return value.bind(target);
    },
  });
}
