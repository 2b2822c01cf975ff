import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeptUpdateInput } from '@water/contract/depts';
import { apiClient } from '@/lib/api-client.ts';

/** `PUT api/dept` → 204. Validation messages go to the form. */
export async function updateDept(input: DeptUpdateInput): Promise<void> {
  await apiClient.put('api/dept', input, { errorNotice: 'network' });
}

export function useUpdateDept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDept,
    // Pickers of other pages (users, roles) read the same department queries.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['depts'] }),
  });
}
