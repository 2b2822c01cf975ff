import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/**
 * `PUT api/users/resetPwd` with the ids as body: back to the default password, to be changed at
 * the next sign-in; their sessions end at once.
 */
export async function resetPasswords(ids: number[]): Promise<void> {
  await apiClient.put('api/users/resetPwd', ids);
}

export function useResetPasswords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPasswords,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
