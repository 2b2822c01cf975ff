import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { filterKeys, workOrderKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/filters/schedule`: each machine's stages as the last run found them, due first. */
export const useFilterSchedule = (params: RouteListParams<'GET /api/filters/schedule'>) =>
  useQuery(pageQuery('GET /api/filters/schedule', filterKeys.schedule(params), params));

const run = () => callApi('POST /api/filters/schedule/run', {}, { errorNotice: 'network' });

/** Computes the schedule now; the orders it makes show on Work orders. */
export const useRunSchedule = () => useInvalidatingMutation(run, [filterKeys.all, workOrderKeys.all]);
