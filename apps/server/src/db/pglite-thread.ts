import { Worker } from 'node:worker_threads';
import { workerFile } from '../lib/worker-file.ts';

/** PGlite's parser of one type's text: drizzle leaves dates and times as text with these. */
type Parser = (text: string, typeId?: number) => unknown;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
  paramTypes?: number[];
}

export interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What drizzle's PGlite driver, the migrator and the handle call on a PGlite transaction. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteThreadOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  /** PostgreSQL settings, as `-c name=value` start parameters. */
  settings: string[];
}

type Reply = { id: number; value?: unknown; error?: Record<string, string> };
type Message = Reply | { notification: string; payload: string } | { ready: boolean; error?: Record<string, string> };

/**
 * A PostgreSQL error as the worker described it, with the fields the server reads (`code`,
 * `constraint`…); drizzle wraps it in an error whose stack names the statement's caller.
 */
function rebuildError(fields: Record<string, string>): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/** Parses in place the columns whose types the caller gave parsers for (the worker left them as text). */
function applyParsers(result: Results, options: QueryOptions): Results {
  const parsers = options.parsers;
  if (!parsers) return result;
  const parsed = result.fields
    .map((field, index) => ({ key: options.rowMode === 'array' ? index : field.name, field }))
    .filter(({ field }) => parsers[field.dataTypeID] !== undefined);
  if (parsed.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, field } of parsed) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parsers[field.dataTypeID]!(value, field.dataTypeID);
    }
  }
  return result;
}

/**
 * The embedded database, run on a worker thread (`lib/workers/database.worker.mjs`), behind the
 * part of PGlite's interface that drizzle and the handle call. Its statements take that thread
 * for as long as they run, never the event loop: one slow search no longer stops every other
 * answer, even those from memory. Rows cross as structured clones; a statement's parsers (which
 * are functions) stay here and the worker leaves their types as text.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  /** Set once the thread is gone: every later call fails with it at once. */
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /**
   * Starts the thread and the database on it; resolves once the database answers. `script` is
   * the worker's, replaced only by tests (a thread that dies).
   */
  static async start(options: PgliteThreadOptions, script = workerFile('database.worker.mjs')): Promise<PgliteThread> {
    const worker = new Worker(script, { workerData: options });
    const thread = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      const starting = (message: Message) => {
        if (!('ready' in message)) return;
        worker.off('message', starting);
        if (message.ready) resolve();
        else reject(rebuildError(message.error ?? { message: 'the embedded database did not start' }));
      };
      worker.on('message', starting);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the embedded database's thread exited (${code}) while starting`)),
      );
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    worker.on('message', (message: Message) => thread.#receive(message));
    worker.on('error', (error) => thread.#stop(error));
    worker.on('exit', (code) => thread.#stop(new Error(`the embedded database's thread stopped (exit code ${code})`)));
    // Idle, the thread does not keep the process alive (as PGlite in the process did not); a
    // statement under way does, as a socket with a request in flight does.
    worker.unref();
    return thread;
  }

  #receive(message: Message): void {
    if ('notification' in message) {
      for (const fn of this.#listeners.get(message.notification) ?? []) fn(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const waiting = this.#pending.get(message.id);
    if (!waiting) return;
    this.#settled(message.id);
    if (message.error) waiting.reject(rebuildError(message.error));
    else waiting.resolve(message.value);
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  /** Fails every statement waiting for the thread, and every one after: none of them will be answered. */
  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const [id, waiting] of this.#pending) {
      this.#settled(id);
      waiting.reject(reason);
    }
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  async query(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results> {
    const textTypes = options.parsers ? Object.keys(options.parsers).map(Number) : [];
    const result = await this.#call<Results>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      paramTypes: options.paramTypes,
      textTypes,
      tx,
    });
    return applyParsers(result, options);
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, tx });
  }

  /**
   * Runs `fn` in a transaction that the worker holds open until `fn` settles: committed when it
   * resolves, rolled back when it throws. Statements outside it wait, as on PGlite itself.
   */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (sql, params, options) => {
        open();
        return this.query(sql, params, options, id);
      },
      exec: async (sql) => {
        open();
        return this.exec(sql, id);
      },
      rollback: async () => {
        open();
        closed = true;
        await this.#call({ op: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'rollback', tx: id }).catch(() => {});
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'commit', tx: id });
    }
    return result;
  }

  /** Runs `fn` for each notification on `channel`; returns the unsubscribe. */
  async listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#call({ op: 'listen', channel });
    }
    set.add(fn);
    return async () => {
      set.delete(fn);
      if (set.size > 0 || this.#listeners.get(channel) !== set) return;
      this.#listeners.delete(channel);
      await this.#call({ op: 'unlisten', channel });
    };
  }

  /** The whole database as a tarball (PGlite's `dumpDataDir`). */
  dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    return this.#call({ op: 'dump', compression });
  }

  /** Closes the database, then ends its thread; once, however often it is called. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#stopped) await this.#call({ op: 'close' });
      } finally {
        this.#stopped ??= new Error('the embedded database is closed');
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}
