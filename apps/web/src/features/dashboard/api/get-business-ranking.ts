import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FigurePeriod } from '@water/contract/sales-figures';
import { callApi } from '@/lib/call-api.ts';
import { orderKeys } from '@/lib/query-keys.ts';

/** `GET api/business/ranking`: the agents, sites and machines that sold most in a period, within the user's reach. */
export const useBusinessRanking = (period: FigurePeriod) =>
  useQuery({
    queryKey: orderKeys.ranking(period),
    queryFn: () => callApi('GET /api/business/ranking', { query: { period } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
