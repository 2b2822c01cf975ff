import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { jobKeys } from '@/lib/query-keys.ts';

/** `GET api/job`: jobs, filtered by name, status and creation time, paged and sorted. */
export function jobsQuery(params: RouteListParams<'GET /api/job'>) {
  return pageQuery('GET /api/job', jobKeys.list(params), params);
}

export function useJobs(params: RouteListParams<'GET /api/job'>) {
  return useQuery(jobsQuery(params));
}
