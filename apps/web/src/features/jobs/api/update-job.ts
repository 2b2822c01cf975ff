import type { JobUpdateInput } from '@water/contract/jobs';
import { callApi } from '@/lib/call-api.ts';
import { jobKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `PUT api/job` → 204. Validation messages go to the form. */
export async function updateJob(input: JobUpdateInput): Promise<void> {
  await callApi('PUT /api/job', { body: input }, { errorNotice: 'network' });
}

export function useUpdateJob() {
  return useInvalidatingMutation(updateJob, [jobKeys.all]);
}
