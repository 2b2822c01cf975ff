import { callApi } from '@/lib/call-api.ts';
import { userKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/**
 * `PUT api/users/resetPwd` with the ids as body: back to the default password, to be changed at
 * the next sign-in; their sessions end at once.
 */
export async function resetPasswords(ids: number[]): Promise<void> {
  await callApi('PUT /api/users/resetPwd', { body: ids });
}

export function useResetPasswords() {
  return useInvalidatingMutation(resetPasswords, [userKeys.all]);
}
