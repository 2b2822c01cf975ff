import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FleetMapQuery } from '@water/contract/map';
import { callApi } from '@/lib/call-api.ts';
import { queryClient } from '@/lib/query-client.ts';
import { machineKeys } from '@/lib/query-keys.ts';
import { storedSettingsQuery } from './map-tiles.ts';

const fleetMapQuery = (filters: FleetMapQuery) =>
  queryOptions({
    queryKey: machineKeys.map(filters),
    queryFn: () => callApi('GET /api/map/machines', { query: filters }, { errorNotice: 'none' }),
  });

/** `GET api/map/machines`: the machines of the filter where their sites stand, with their health. */
export const useFleetMap = (filters: FleetMapQuery) =>
  useQuery({
    ...fleetMapQuery(filters),
    // The markers stay while another filter's load.
    placeholderData: keepPreviousData,
  });

/**
 * Asks for what the map shows first (the whole fleet and the tiles' settings) while the page's code
 * is still loading, so that the answers are there, or on their way, when it mounts.
 */
export function prefetchFleetMap(): void {
  void queryClient.prefetchQuery(fleetMapQuery({}));
  void queryClient.prefetchQuery(storedSettingsQuery);
}
