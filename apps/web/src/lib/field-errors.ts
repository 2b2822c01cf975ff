import type { FieldErrorCode } from '@water/contract/errors';
import { asFen } from '@water/contract/money';
import type { TFunction } from 'i18next';
import { ApiError, type ApiFieldError } from './api-error.ts';
import { formatFen } from './format/money.ts';

export type FieldPath = (string | number)[];

/**
 * Server field names that a form holds under another name (`depts` → `deptIds`): the first part
 * of a server path (`depts.0.id`) names the form field that shows its errors.
 */
export type FieldNames = Readonly<Record<string, string>>;

/** Server fields whose figures are money in fen (`amount`): their limits are shown as money, not as fen. */
export type FenFields = readonly string[];

/** Which fields hold fen, and the language their money is written in. */
export interface MoneyFields {
  fields: FenFields;
  language: string;
}

/** The text key of each field error code; `invalid` has none: its message says why. */
const TEXT_KEYS = {
  required: 'fieldErrors.required',
  unknown: 'fieldErrors.unknown',
  type: 'fieldErrors.type',
  too_short: 'fieldErrors.tooShort',
  too_long: 'fieldErrors.tooLong',
  too_small: 'fieldErrors.tooSmall',
  too_large: 'fieldErrors.tooLarge',
  format: 'fieldErrors.format',
  choice: 'fieldErrors.choice',
  taken: 'fieldErrors.taken',
  unknown_reference: 'fieldErrors.unknownReference',
  invalid: undefined,
} as const satisfies Record<FieldErrorCode, string | undefined>;

const WITH_LIMIT: ReadonlySet<FieldErrorCode> = new Set(['too_short', 'too_long', 'too_small', 'too_large']);

/** The antd name path of a server field path: `dept.id` → ['dept', 'id'], `jobs.0.id` → ['jobs', 0, 'id']. */
export function fieldPathOf(field: string, names: FieldNames = {}): FieldPath {
  const parts = field.split('.');
  const renamed = names[parts[0] ?? ''];
  if (renamed !== undefined) return [renamed];
  return parts.map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** What to show under a field: the console's text for its code, else the server's message as a sentence. */
export function fieldErrorText(error: ApiFieldError, t: TFunction, money?: MoneyFields): string {
  // A code from a newer server than this console has no text here.
  const key = Object.hasOwn(TEXT_KEYS, error.code) ? TEXT_KEYS[error.code] : undefined;
  const raw = error.params?.limit;
  const inFen = typeof raw === 'number' && money?.fields.includes(error.field.split('.')[0] ?? '');
  const limit = inFen && money ? formatFen(asFen(raw), money.language) : raw;
  if (key && (!WITH_LIMIT.has(error.code) || limit !== undefined)) return t(key, { limit });
  return error.message.charAt(0).toUpperCase() + error.message.slice(1);
}

/** The part of an antd FormInstance this needs, so pure code does not import antd. */
export interface FieldErrorTarget {
  setFields(fields: { name: FieldPath; errors: string[] }[]): void;
  getFieldError(name: FieldPath): string[];
}

/**
 * Shows every field error of a failed call under the form field it names, by the error's
 * `field` and `code`. Returns the field errors this form has no field for, so the caller can
 * show them elsewhere.
 */
export function applyFieldErrors(
  form: FieldErrorTarget,
  error: unknown,
  t: TFunction,
  names: FieldNames = {},
  money?: MoneyFields,
): ApiFieldError[] {
  if (!(error instanceof ApiError)) return [];
  const byField = new Map<string, { name: FieldPath; errors: string[]; sources: ApiFieldError[] }>();
  for (const fieldError of error.fieldErrors) {
    const name = fieldPathOf(fieldError.field, names);
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [], sources: [] };
    const text = fieldErrorText(fieldError, t, money);
    if (!entry.errors.includes(text)) entry.errors.push(text);
    entry.sources.push(fieldError);
    byField.set(key, entry);
  }
  const entries = [...byField.values()];
  form.setFields(entries.map(({ name, errors }) => ({ name, errors })));
  // antd keeps no errors for names it has no field for: then the form cannot show them.
  return entries.filter(({ name }) => form.getFieldError(name).length === 0).flatMap(({ sources }) => sources);
}
