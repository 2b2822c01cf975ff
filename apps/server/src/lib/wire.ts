import type { Static, TObject } from 'typebox';
import { formatDateTime } from './time.ts';

/** A wire value as the database holds it: a text field of the answer may still be a time. */
type Stored<T> = T extends string ? T | Date : T;

/** A record as read from the database, able to become the answer `W`: its fields, times as `Date`. */
export type StoredOf<W> = { [K in keyof W]: Stored<W[K]> };

const keysOf = new WeakMap<TObject, readonly string[]>();

/**
 * The answer a contract schema declares, read from a stored record: exactly the schema's fields
 * (whatever else the record holds stays on the server), times written as the wire's
 * `yyyy-MM-dd HH:mm:ss`. Fields the answer computes are given beside the record:
 * `wireOf(Site, { ...row, rentFen })`.
 */
export function wireOf<S extends TObject>(schema: S, record: StoredOf<Static<S>>): Static<S> {
  let keys = keysOf.get(schema);
  if (!keys) {
    keys = Object.keys(schema.properties);
    keysOf.set(schema, keys);
  }
  const answer: Record<string, unknown> = {};
  const source = record as Record<string, unknown>;
  for (const key of keys) {
    const value = source[key];
    answer[key] = value instanceof Date ? formatDateTime(value) : value;
  }
  return answer as Static<S>;
}

/** The mapper of one answer type, for `rows.map(...)`. */
export const wireMapper =
  <S extends TObject>(schema: S) =>
  (record: StoredOf<Static<S>>): Static<S> =>
    wireOf(schema, record);
