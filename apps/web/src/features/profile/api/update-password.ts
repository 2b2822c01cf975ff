import { useMutation } from '@tanstack/react-query';
import type { UpdatePassInput } from '@water/contract/users';
import { callApi } from '@/lib/call-api.ts';

/**
 * `POST api/users/updatePass` → 200: a new password for oneself. Every other session of the user
 * ends; this one stays signed in.
 */
export async function updatePassword(input: UpdatePassInput): Promise<void> {
  await callApi('POST /api/users/updatePass', { body: input }, { errorNotice: 'network' });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
