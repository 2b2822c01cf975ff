import type { UserCreateInput } from '@water/contract/users';
import { callApi } from '@/lib/call-api.ts';
import { userKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/users` → 201; without a password the user gets the default one and must change it. */
export async function createUser(input: UserCreateInput): Promise<void> {
  await callApi('POST /api/users', { body: input }, { errorNotice: 'network' });
}

export function useCreateUser() {
  return useInvalidatingMutation(createUser, [userKeys.all]);
}
