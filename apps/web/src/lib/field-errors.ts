import { ApiError } from './api-error.ts';

export type FieldPath = (string | number)[];

export interface FieldError {
  /** antd name path: `dept.id` → ['dept', 'id'], `jobs.0.id` → ['jobs', 0, 'id']. */
  name: FieldPath;
  message: string;
}

const FIELD_MESSAGE = /^([A-Za-z_$][\w$]*(?:\.[\w$]+)*): (.+)$/s;

/**
 * The field a server validation message names (`"phone: must be 11 digits starting with 1"`),
 * or undefined when the failure is not about one field.
 */
export function fieldErrorOf(error: unknown): FieldError | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const match = FIELD_MESSAGE.exec(error.message.trim());
  if (!match) return undefined;
  const [, path = '', message = ''] = match;
  if (path === 'body' || path === 'querystring' || path === 'params') return undefined;
  return {
    name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    // Shown under the field on its own, so it reads as a sentence.
    message: message.charAt(0).toUpperCase() + message.slice(1),
  };
}

/** The part of an antd FormInstance this needs, so pure code does not import antd. */
export interface FieldErrorTarget {
  setFields(fields: { name: FieldPath; errors: string[] }[]): void;
  getFieldError(name: FieldPath): string[];
}

/**
 * Shows a server validation message on the form field it names. Returns false when the
 * message names no field of this form, so the caller can show it elsewhere.
 */
export function applyFieldErrors(form: FieldErrorTarget, error: unknown): boolean {
  const field = fieldErrorOf(error);
  if (!field) return false;
  form.setFields([{ name: field.name, errors: [field.message] }]);
  // antd keeps no errors for names it has no field for: then the form cannot show it.
  return form.getFieldError(field.name).length > 0;
}
