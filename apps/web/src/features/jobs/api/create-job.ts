import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobCreateInput } from '@water/contract/jobs';
import { apiClient } from '@/lib/api-client.ts';

/** `POST api/job` → 201. Validation messages go to the form. */
export async function createJob(input: JobCreateInput): Promise<void> {
  await apiClient.post('api/job', input, { errorNotice: 'network' });
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
