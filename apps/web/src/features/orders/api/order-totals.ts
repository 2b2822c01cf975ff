import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@/lib/call-api.ts';
import { callApi } from '@/lib/call-api.ts';
import { orderKeys } from '@/lib/query-keys.ts';

/** `GET api/orders/totals`: the count and sums of every order the list's filters match. */
export const useOrderTotals = (filters: ListFilters<'GET /api/orders/totals'>) =>
  useQuery({
    queryKey: orderKeys.totals(filters),
    queryFn: () => callApi('GET /api/orders/totals', { query: filters }),
    placeholderData: keepPreviousData,
  });
