import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeptCreateInput } from '@water/contract/depts';
import { apiClient } from '@/lib/api-client.ts';

/** `POST api/dept` → 201. Validation messages go to the form. */
export async function createDept(input: DeptCreateInput): Promise<void> {
  await apiClient.post('api/dept', input, { errorNotice: 'network' });
}

export function useCreateDept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDept,
    // Pickers of other pages (users, roles) read the same department queries.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['depts'] }),
  });
}
