import type { FormInstance } from 'antd';
import { toApiError } from './api-error.ts';
import {
  applyFieldErrors,
  type FenFields,
  type FieldErrorTarget,
  type FieldNames,
  fieldErrorText,
} from './field-errors.ts';
import { i18n } from './i18n.ts';
import { notifyError } from './notifier.ts';

/** Any antd form, whatever its values; or a stand-in with the two methods used. */
// biome-ignore lint/suspicious/noExplicitAny: field names are checked against the form at run time.
type AnyForm = Pick<FormInstance<any>, 'setFields' | 'getFieldError'> | FieldErrorTarget;

/**
 * For a form whose call opted out of server messages (`errorNotice: 'network'`): every field
 * error goes under the field it names; one naming no field of the form, and any other failure,
 * is shown as a notification.
 */
export function reportFormError(form: AnyForm, error: unknown, names?: FieldNames, fenFields?: FenFields): void {
  const apiError = toApiError(error);
  // Failures without an answer were already reported by the client.
  if (apiError.status === 0) return;
  if (apiError.fieldErrors.length === 0) {
    notifyError(apiError.message);
    return;
  }
  // antd types field names by the form's values; server field errors name fields by text.
  const money = { fields: fenFields ?? [], language: i18n.language };
  for (const unshown of applyFieldErrors(form as FieldErrorTarget, apiError, i18n.t, names, money)) {
    notifyError(`${unshown.field}: ${fieldErrorText(unshown, i18n.t, money)}`);
  }
}
