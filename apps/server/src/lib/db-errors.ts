import { errorsLocales } from '@water/contract/texts/errors';
import type { TextRef } from './texts.ts';

/** The first error along a database error's causes that carries a SQLSTATE, and that state. */
function databaseError(error: unknown): { code: string; detail?: unknown; message?: unknown } | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as { code: string };
  }
  return undefined;
}

/** The SQLSTATE of a database error, looked for along its causes. */
const sqlState = (error: unknown): string | undefined => databaseError(error)?.code;

/** Whether a database error is a unique-index violation (two requests raced for the same value). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/**
 * Whether a statement lost a race with another session doing the same thing: a deadlock, a
 * unique value or a table made meanwhile (two instances defining the same thing at once).
 */
export function isLostRace(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '23505' || state === '42P07' || state === '42710';
}

/** Whether a row found no partition of its table to go to (an order of a month not yet partitioned). */
export function isMissingPartition(error: unknown): boolean {
  if (sqlState(error) !== '23514') return false;
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (/no partition/i.test(String((current as { message?: unknown }).message))) return true;
  }
  return false;
}

/** Tables whose name does not say what staff call their rows. */
const ROW_NAMES: Record<string, string> = {
  dept: 'department',
  dict: 'dictionary',
  dict_detail: 'dictionary entry',
  local_storage: 'file',
};

/** `biz_machine_model` → `machine model`: what a row of the table is, in words (the console's, where it has them). */
function rowName(table: string): TextRef | string {
  const bare = table.replace(/^(sys|biz|tool|auth|app)_/, '');
  const english = ROW_NAMES[bare] ?? bare.replace(/_/g, ' ');
  const object = english.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());
  return object in errorsLocales.en.objects ? { key: `errors.objects.${object}` } : english;
}

/**
 * What a foreign-key violation (SQLSTATE 23503, or 23001 where the key restricts deletes) says,
 * or undefined for any other error. A write that passed its service's checks meets one only when
 * another request changed the data in between: it removed a row this write refers to, or it added
 * a row that refers to the one this write deletes. PostgreSQL's detail names the tables and the
 * key (ids only).
 */
export function foreignKeyConflict(error: unknown): TextRef | undefined {
  const found = databaseError(error);
  if (found?.code !== '23503' && found?.code !== '23001') return undefined;
  const detail = typeof found.detail === 'string' ? found.detail : '';
  const message = typeof found.message === 'string' ? found.message : '';
  const keyValue = /^Key \(.*?\)=\((.*)\) is/.exec(detail)?.[1];
  const key = keyValue ? ` ${keyValue}` : '';
  const missing = /is not present in table "([^"]+)"/.exec(detail)?.[1];
  if (missing) return { key: 'errors.raced.removed', values: { object: rowName(missing), key } };
  const user = /is (?:still )?referenced from table "([^"]+)"/.exec(detail)?.[1];
  const used = /^update or delete on table "([^"]+)"/.exec(message)?.[1];
  if (user && used) {
    return { key: 'errors.raced.stillUsed', values: { object: rowName(used), key, user: rowName(user) } };
  }
  return { key: 'errors.raced.changed' };
}
