import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { workOrderKeys } from '@/lib/query-keys.ts';

/** `GET api/stock/mine`: the parts the signed-in technician holds, to use on their orders. */
export const useMyStock = (enabled = true) =>
  useQuery({ queryKey: workOrderKeys.myStock(), queryFn: () => callApi('GET /api/stock/mine'), enabled });
