import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { orderKeys } from '@/lib/query-keys.ts';

/** `GET api/orders/:orderNo/reports`: the consumers' reports naming an order, with their alarms. */
export const useOrderReports = (orderNo: string) =>
  useQuery({
    queryKey: [...orderKeys.all, 'reports', orderNo],
    queryFn: () => callApi('GET /api/orders/:orderNo/reports', { params: { orderNo } }),
  });
