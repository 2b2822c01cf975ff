import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@water/contract/jobs';
import { fetchPage } from '@/components/list/fetch-page.ts';
import type { ListParams } from '@/components/list/list-params.ts';

/** `GET api/job`: jobs, filtered by name, status and creation time, paged and sorted. */
export function getJobs(params: ListParams) {
  return fetchPage<Job>('api/job', params);
}

export function jobsQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['jobs', 'list', params] as const,
    queryFn: () => getJobs(params),
    placeholderData: keepPreviousData,
  });
}

export function useJobs(params: ListParams) {
  return useQuery(jobsQuery(params));
}
