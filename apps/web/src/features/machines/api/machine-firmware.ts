import { useQuery } from '@tanstack/react-query';
import { ACTIVE_UPDATE_STATES } from '@water/contract/firmware';
import { callApi } from '@/lib/call-api.ts';
import { firmwareKeys } from '@/lib/query-keys.ts';

/** `GET api/machines/{id}/firmware-updates`: its latest updates, refreshed while one is under way. */
export const useMachineFirmwareUpdates = (id: number) =>
  useQuery({
    queryKey: firmwareKeys.machine(id),
    queryFn: () => callApi('GET /api/machines/:id/firmware-updates', { params: { id }, query: { page: 0, size: 20 } }),
    refetchInterval: (query) =>
      query.state.data?.content.some((update) => ACTIVE_UPDATE_STATES.includes(update.state)) ? 3000 : false,
  });
