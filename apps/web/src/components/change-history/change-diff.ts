/** One field of a change: its value before and after (undefined: not part of that side). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields of a change record, side by side: every field of either side, in the order they were written. */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({ field, before: before?.[field], after: after?.[field] }));
}

/** A value as the History tab shows it: text as it is, absent as a dash, anything else as JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
