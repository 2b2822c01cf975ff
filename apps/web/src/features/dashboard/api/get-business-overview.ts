import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { orderKeys } from '@/lib/query-keys.ts';

/** `GET api/business/overview`: the home page's business figures, within the user's data scope. */
export const useBusinessOverview = () =>
  useQuery({
    queryKey: [...orderKeys.all, 'overview'],
    queryFn: () => callApi('GET /api/business/overview'),
    refetchInterval: 60_000,
  });
