import type { UserUpdateInput } from '@water/contract/users';
import { callApi } from '@/lib/call-api.ts';
import type { ErrorNotice } from '@/lib/error-notice.ts';
import { userKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/**
 * `PUT api/users` → 204. From the form, validation messages go to its fields; from the status
 * switch of the table, every refusal is a notification.
 */
export async function updateUser(input: UserUpdateInput, errorNotice: ErrorNotice = 'network'): Promise<void> {
  await callApi('PUT /api/users', { body: input }, { errorNotice });
}

export function useUpdateUser(errorNotice: ErrorNotice = 'network') {
  return useInvalidatingMutation((input: UserUpdateInput) => updateUser(input, errorNotice), [userKeys.all]);
}
