import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FleetMapQuery } from '@water/contract/map';
import { callApi } from '@/lib/call-api.ts';
import { machineKeys } from '@/lib/query-keys.ts';

/** `GET api/map/machines`: the machines of the filter where their sites stand, with their health. */
export const useFleetMap = (filters: FleetMapQuery) =>
  useQuery({
    queryKey: machineKeys.map(filters),
    queryFn: () => callApi('GET /api/map/machines', { query: filters }, { errorNotice: 'none' }),
    // The markers stay while another filter's load.
    placeholderData: keepPreviousData,
  });
