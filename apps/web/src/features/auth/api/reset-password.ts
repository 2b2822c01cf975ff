import { useMutation } from '@tanstack/react-query';
import type { ResetCodeBody, ResetPasswordBody } from '@water/contract/auth';
import { callApi } from '@/lib/call-api.ts';

/**
 * `POST auth/resetPassword/code` → 200 whether or not the account exists: a code is mailed to the
 * account's address when there is one. Refusals go to the form.
 */
export async function requestResetCode(body: ResetCodeBody): Promise<void> {
  await callApi('POST /auth/resetPassword/code', { body }, { errorNotice: 'network' });
}

/** `POST auth/resetPassword` → 200: the new password is set and every session of the account ends. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await callApi('POST /auth/resetPassword', { body }, { errorNotice: 'network' });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
