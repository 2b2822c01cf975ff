/** The SQLSTATE of a database error, looked for along its causes. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

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
