import { useQuery } from '@tanstack/react-query';
import type { Job } from '@water/contract/jobs';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { jobKeys } from '@/lib/query-keys.ts';

/** `GET api/job`: jobs, filtered by name, status and creation time, paged and sorted. */
export function jobsQuery(params: ListParams) {
  return pageQuery<Job>('api/job', jobKeys.list(params), params);
}

export function useJobs(params: ListParams) {
  return useQuery(jobsQuery(params));
}
