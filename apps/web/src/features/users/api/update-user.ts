import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserUpdateInput } from '@water/contract/users';
import { apiClient } from '@/lib/api-client.ts';
import type { ErrorNotice } from '@/lib/error-notice.ts';

/**
 * `PUT api/users` → 204. From the form, validation messages go to its fields; from the status
 * switch of the table, every refusal is a notification.
 */
export async function updateUser(input: UserUpdateInput, errorNotice: ErrorNotice = 'network'): Promise<void> {
  await apiClient.put('api/users', input, { errorNotice });
}

export function useUpdateUser(errorNotice: ErrorNotice = 'network') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserUpdateInput) => updateUser(input, errorNotice),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
