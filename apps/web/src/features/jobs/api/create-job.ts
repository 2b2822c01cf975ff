import type { JobCreateInput } from '@water/contract/jobs';
import { callApi } from '@/lib/call-api.ts';
import { jobKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `POST api/job` → 201. Validation messages go to the form. */
export async function createJob(input: JobCreateInput): Promise<void> {
  await callApi('POST /api/job', { body: input }, { errorNotice: 'network' });
}

export function useCreateJob() {
  return useInvalidatingMutation(createJob, [jobKeys.all]);
}
