import type { UserCreateInput } from '@water/contract/users';
import { apiClient } from '@/lib/api-client.ts';
import { userKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/users` → 201; without a password the user gets the default one and must change it. */
export async function createUser(input: UserCreateInput): Promise<void> {
  await apiClient.post('api/users', input, { errorNotice: 'network' });
}

export function useCreateUser() {
  return useInvalidatingMutation(createUser, [userKeys.all]);
}
