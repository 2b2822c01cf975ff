import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** Who made a change and from which request; absent for the server's own work (a timeout, a rollout step). */
export interface ChangeOrigin {
  userId: number | null;
  username: string | null;
  requestId: string | null;
  ip: string | null;
}

/** One change to money or configuration, as the module that made it describes it. */
export interface ChangeEntry {
  /** The kind of record changed: `agent`, `price-policy`, `role`… (AUDIT_RECORD_TYPES of the contract). */
  recordType: string;
  recordId: number | string;
  /** What was done: `create`, `update`, `delete`, `approve`… */
  action: string;
  /** The record's fields before the change (null: it did not exist). */
  before?: Record<string, unknown> | null;
  /** The record's fields after the change (null: it no longer exists). */
  after?: Record<string, unknown> | null;
  /** Fields that name the record and are kept whether they changed or not. */
  keys?: readonly string[];
}

/**
 * Where the modules record their changes to money and configuration: inside the transaction of the
 * change itself, so that a change rolled back leaves no record and a committed one always has one.
 */
export interface AuditTrail {
  /** Records one change, or several made together (a batch of commands) in one statement. */
  record(tx: Database, entry: ChangeEntry | readonly ChangeEntry[]): Promise<void>;
}

const origins = new AsyncLocalStorage<ChangeOrigin>();

/** Runs `work` (and everything it awaits) as made by this origin: a signed-in request's handler. */
export function runAsOrigin<T>(origin: ChangeOrigin, work: () => T): T {
  return origins.run(origin, work);
}

/** Each request of `app`'s routes runs its handler as made by its signed-in user, from its id and address. */
export function recordOrigins(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const origin = {
      userId: request.principal?.id ?? null,
      username: request.principal?.username ?? null,
      requestId: request.id,
      ip: request.ip,
    };
    runAsOrigin(origin, done);
  });
}

/** The origin of the work under way, or the server's own when no request started it. */
export function currentOrigin(): ChangeOrigin {
  return origins.getStore() ?? { userId: null, username: null, requestId: null, ip: null };
}

/** Fields never recorded: a secret is neither shown nor kept, even as a change. */
const SECRET_FIELD = /pass|secret|token|key|cert/i;

/** Equal values; decimals written differently (`0` and `0.00`) are one value. */
const same = (a: unknown, b: unknown) =>
  JSON.stringify(a) === JSON.stringify(b) ||
  (typeof a === 'string' && typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(a) && Number(a) === Number(b));
const stored = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A record's fields as kept: secrets and absent values left out, times as ISO text. */
function kept(values: Record<string, unknown>, fields: Iterable<string>): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const field of fields) {
    if (!SECRET_FIELD.test(field) && values[field] !== undefined) answer[field] = stored(values[field]);
  }
  return answer;
}

/**
 * What a change record keeps of a record's two states: of the fields the change wrote (those of
 * `after`), only the ones whose value changed, plus the key fields that name the record; secrets
 * never. A created or deleted record keeps all its fields.
 */
export function changedFields(entry: ChangeEntry): { before: object | null; after: object | null } {
  const before = entry.before ?? null;
  const after = entry.after ?? null;
  if (!before || !after) {
    return { before: before && kept(before, Object.keys(before)), after: after && kept(after, Object.keys(after)) };
  }
  const keys = new Set(entry.keys ?? []);
  const fields = Object.keys(after).filter(
    (field) => keys.has(field) || !same(stored(after[field]), stored(before[field])),
  );
  for (const key of keys) if (!fields.includes(key)) fields.push(key);
  return { before: kept(before, fields), after: kept({ ...before, ...after }, fields) };
}
