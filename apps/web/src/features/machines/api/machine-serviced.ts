import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { workOrderKeys } from '@/lib/query-keys.ts';

/** `GET api/workOrders/machines/{id}/serviced`: when the machine's last work order was done. */
export const useMachineServiced = (id: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: workOrderKeys.serviced(id ?? 0),
    queryFn: () => callApi('GET /api/workOrders/machines/:id/serviced', { params: { id: id as number } }),
    enabled: enabled && id !== undefined,
  });
