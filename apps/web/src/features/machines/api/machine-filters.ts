import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { filterKeys } from '@/lib/query-keys.ts';

/** `GET api/filters/machines/:id`: the machine's filter stages with their remaining life. */
export const useMachineFilters = (id: number) =>
  useQuery({
    queryKey: filterKeys.machine(id),
    queryFn: () => callApi('GET /api/filters/machines/:id', { params: { id } }),
  });
