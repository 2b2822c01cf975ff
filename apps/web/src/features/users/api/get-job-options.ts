import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@water/contract/jobs';
import { callApi } from '@/lib/call-api.ts';
import { jobKeys } from '@/lib/query-keys.ts';

/** `GET api/job?enabled=true`: every enabled job in order, for the user form. */
export async function getJobOptions(): Promise<Job[]> {
  const page = await callApi(
    'GET /api/job',
    { query: { enabled: true, page: 0, size: 9999, sort: 'jobSort,asc' } },
    { errorNotice: 'network' },
  );
  return page.content;
}

export const jobOptionsQuery = queryOptions({ queryKey: jobKeys.options(), queryFn: getJobOptions });

export function useJobOptions(enabled = true) {
  return useQuery({ ...jobOptionsQuery, enabled });
}
