import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import type { Job } from '@water/contract/jobs';
import { apiClient } from '@/lib/api-client.ts';
import { jobKeys } from '@/lib/query-keys.ts';

/** `GET api/job?enabled=true`: every enabled job in order, for the user form. */
export async function getJobOptions(): Promise<Job[]> {
  const { data } = await apiClient.get<PageOf<Job>>('api/job', {
    params: { enabled: true, page: 0, size: 9999, sort: 'jobSort,asc' },
    errorNotice: 'network',
  });
  return data.content;
}

export const jobOptionsQuery = queryOptions({ queryKey: jobKeys.options(), queryFn: getJobOptions });

export function useJobOptions(enabled = true) {
  return useQuery({ ...jobOptionsQuery, enabled });
}
