// Runs the embedded database (PostgreSQL compiled to WebAssembly) on a thread of its own: a query
// takes its thread for as long as it runs, and here that is never the thread answering requests.
// The server's side of the conversation is db/pglite-thread.ts.
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lowerThreadPriority } from './thread-priority.mjs';

// PostgreSQL's WebAssembly is compiled by V8's baseline compiler only, before PGlite compiles it.
// The optimising tier kept a second copy of the hot code (~50 MB, a fifth of the server's memory)
// and made no statement measurably faster here. The flag is the process's, and this is the only
// WebAssembly the server runs.
setFlagsFromString('--liftoff-only');

/** @type {{ dataDir?: string, loadDataDir?: Blob, settings: string[] }} */
const options = workerData;

/** Thrown inside a transaction's callback to have PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** What the server reads of a PostgreSQL error (SQLSTATE, constraint…), as data a message can carry. */
const ERROR_FIELDS = [
  'name',
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
];

function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const plain = { message: error.message };
  for (const field of ERROR_FIELDS) {
    if (typeof error[field] === 'string') plain[field] = error[field];
  }
  return plain;
}

/** The parsers that leave the given types as text, for the server's side to parse as its caller asked. */
const textParsers = new Map();
function asText(types) {
  const key = types.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value) => value]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

/** Open transactions by id: each holds PGlite's transaction until the server says how it ends. */
const transactions = new Map();
let nextTransaction = 1;

function begin(db) {
  const id = nextTransaction++;
  let decide;
  const decided = new Promise((resolve) => {
    decide = resolve;
  });
  let started;
  const open = new Promise((resolve) => {
    started = resolve;
  });
  const done = db
    .transaction(async (tx) => {
      transactions.set(id, { tx, decide, done });
      started(id);
      if (!(await decided)) throw ROLLBACK;
    })
    .catch((error) => {
      if (error !== ROLLBACK) throw error;
    })
    .finally(() => transactions.delete(id));
  // BEGIN can fail (the database closed), and then the callback never starts.
  return Promise.race([open, done.then(() => id)]);
}

/** Commits (`true`) or rolls back a transaction; resolves when PostgreSQL is done with it. */
function end(id, commit) {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error('the transaction is closed');
  transaction.decide(commit);
  return transaction.done;
}

/** The transaction's connection when the statement belongs to one, else the database. */
function target(db, id) {
  if (id === undefined) return db;
  const transaction = transactions.get(id);
  if (!transaction) throw new Error('the transaction is closed');
  return transaction.tx;
}

const listening = new Map();

async function run(db, message) {
  switch (message.op) {
    case 'query': {
      const { rowMode, textTypes, paramTypes } = message;
      const result = await target(db, message.tx).query(message.sql, message.params, {
        rowMode,
        paramTypes,
        parsers: textTypes.length > 0 ? asText(textTypes) : undefined,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec':
      return (await target(db, message.tx).exec(message.sql)).map((result) => ({
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
      }));
    case 'begin':
      return begin(db);
    case 'commit':
      return end(message.tx, true);
    case 'rollback':
      return end(message.tx, false);
    case 'listen':
      if (!listening.has(message.channel)) {
        const channel = message.channel;
        listening.set(
          channel,
          await db.listen(channel, (payload) => parentPort.postMessage({ notification: channel, payload })),
        );
      }
      return undefined;
    case 'unlisten': {
      const stop = listening.get(message.channel);
      listening.delete(message.channel);
      await stop?.();
      return undefined;
    }
    case 'dump':
      return db.dumpDataDir(message.compression);
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

try {
  const db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...options.settings],
    extensions: { pg_trgm, cube, earthdistance },
  });
  // Once open, at the lowest priority: when both want the one free core, the event loop has it and
  // the statement runs in the gaps (a request waiting for a statement leaves the event loop idle
  // soon enough); when a core is free, the statement has all of it. Linux's scheduler hardly
  // favours the event loop over a thread only a little below it: at nice 5 or 10 a long search
  // still halved the rate of answers from memory beside it. Not before: while the server starts
  // nothing is answered, and the opening is what it waits for.
  lowerThreadPriority(19);
  parentPort.on('message', async (message) => {
    let reply;
    try {
      reply = { id: message.id, value: await run(db, message) };
    } catch (error) {
      reply = { id: message.id, error: plainError(error) };
    }
    try {
      parentPort.postMessage(reply);
    } catch (error) {
      // A value that cannot cross threads fails its statement, not the thread and every other one.
      parentPort.postMessage({ id: message.id, error: plainError(error) });
    }
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}
