import { useQuery } from '@tanstack/react-query';
import type { NearQuery } from '@water/contract/map';
import { callApi } from '@/lib/call-api.ts';
import { machineKeys } from '@/lib/query-keys.ts';

/** `GET api/map/near`: the machines within the radius of a WGS-84 point, nearest first; none asked before a point is. */
export const useMachinesNear = (query: NearQuery | undefined) =>
  useQuery({
    queryKey: machineKeys.near(query ?? {}),
    queryFn: () => callApi('GET /api/map/near', { query: query as NearQuery }, { errorNotice: 'network' }),
    enabled: query !== undefined,
  });
