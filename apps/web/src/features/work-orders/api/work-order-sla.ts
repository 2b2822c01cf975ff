import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { workOrderKeys } from '@/lib/query-keys.ts';

/** `GET api/workOrders/:id/sla`: the order's SLA clocks, refreshed with the order. */
export const useWorkOrderSla = (id: number) =>
  useQuery({
    queryKey: [...workOrderKeys.order(id), 'sla'],
    queryFn: () => callApi('GET /api/workOrders/:id/sla', { params: { id } }, { errorNotice: 'network' }),
  });
