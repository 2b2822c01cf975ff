import { toApiError } from './api-error.ts';
import { applyFieldErrors, type FieldErrorTarget, type FieldNames, fieldErrorText } from './field-errors.ts';
import { i18n } from './i18n.ts';
import { notifyError } from './notifier.ts';

/**
 * For a form whose call opted out of server messages (`errorNotice: 'network'`): every field
 * error goes under the field it names; one naming no field of the form, and any other failure,
 * is shown as a notification.
 */
export function reportFormError(form: FieldErrorTarget, error: unknown, names?: FieldNames): void {
  const apiError = toApiError(error);
  // Failures without an answer were already reported by the client.
  if (apiError.status === 0) return;
  if (apiError.fieldErrors.length === 0) {
    notifyError(apiError.message);
    return;
  }
  for (const unshown of applyFieldErrors(form, apiError, i18n.t, names)) {
    notifyError(`${unshown.field}: ${fieldErrorText(unshown, i18n.t)}`);
  }
}
