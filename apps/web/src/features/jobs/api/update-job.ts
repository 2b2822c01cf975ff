import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobUpdateInput } from '@water/contract/jobs';
import { apiClient } from '@/lib/api-client.ts';

/** `PUT api/job` → 204. Validation messages go to the form. */
export async function updateJob(input: JobUpdateInput): Promise<void> {
  await apiClient.put('api/job', input, { errorNotice: 'network' });
}

export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
