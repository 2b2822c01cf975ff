import { useQuery } from '@tanstack/react-query';
import type { BusinessOverview } from '@water/contract/overview';
import { apiClient } from '@/lib/api-client.ts';
import { orderKeys } from '@/lib/query-keys.ts';

/** `GET api/business/overview`: the home page's business figures, within the user's data scope. */
export const useBusinessOverview = () =>
  useQuery({
    queryKey: [...orderKeys.all, 'overview'],
    queryFn: async () => (await apiClient.get<BusinessOverview>('api/business/overview')).data,
    refetchInterval: 60_000,
  });
