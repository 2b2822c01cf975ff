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

/** `biz_machine_model` → `machine model`: what a row of the table is, in words. */
function rowName(table: string): string {
  const bare = table.replace(/^(sys|biz|tool|auth|app)_/, '');
  return ROW_NAMES[bare] ?? bare.replace(/_/g, ' ');
}

/**
 * The sentence for a foreign-key violation (SQLSTATE 23503, or 23001 where the key restricts
 * deletes), or undefined for any other error. A
 * write that passed its service's checks meets one only when another request changed the data in
 * between: it removed a row this write refers to, or it added a row that refers to the one this
 * write deletes. PostgreSQL's detail names the tables and the key (ids only).
 */
export function foreignKeyConflict(error: unknown): string | undefined {
  const found = databaseError(error);
  if (found?.code !== '23503' && found?.code !== '23001') return undefined;
  const detail = typeof found.detail === 'string' ? found.detail : '';
  const message = typeof found.message === 'string' ? found.message : '';
  const key = /^Key \(.*?\)=\((.*)\) is/.exec(detail)?.[1];
  const missing = /is not present in table "([^"]+)"/.exec(detail)?.[1];
  if (missing) return `The ${rowName(missing)}${key ? ` ${key}` : ''} was removed meanwhile; look again and retry`;
  const user = /is (?:still )?referenced from table "([^"]+)"/.exec(detail)?.[1];
  const used = /^update or delete on table "([^"]+)"/.exec(message)?.[1];
  if (user && used) {
    return `The ${rowName(used)}${key ? ` ${key}` : ''} is still used by a ${rowName(user)}; it stays`;
  }
  return 'What this refers to was changed or removed meanwhile; look again and retry';
}
