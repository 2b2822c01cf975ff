import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreateInput } from '@water/contract/users';
import { apiClient } from '@/lib/api-client.ts';

/** `POST api/users` → 201; without a password the user gets the default one and must change it. */
export async function createUser(input: UserCreateInput): Promise<void> {
  await apiClient.post('api/users', input, { errorNotice: 'network' });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
