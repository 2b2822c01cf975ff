import { toApiError } from './api-error.ts';
import { applyFieldErrors, type FieldErrorTarget } from './field-errors.ts';
import { notifyError } from './notifier.ts';

/**
 * For a form whose call opted out of server messages (`errorNotice: 'network'`): a validation
 * message goes onto the field it names; any other answer is shown as a notification.
 */
export function reportFormError(form: FieldErrorTarget, error: unknown): void {
  if (applyFieldErrors(form, error)) return;
  const apiError = toApiError(error);
  // Failures without an answer were already reported by the client.
  if (apiError.status > 0) notifyError(apiError.message);
}
