import { useQuery } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import type { Site } from '@water/contract/sites';
import { apiClient } from '@/lib/api-client.ts';
import { siteKeys } from '@/lib/query-keys.ts';

/** The sites in the user's reach by name, for pickers (where a coupon is good). */
export const useSiteOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...siteKeys.all, 'options'],
    queryFn: async () =>
      (await apiClient.get<PageOf<Site>>('api/sites', { params: { page: 0, size: 1000, sort: 'name,asc' } })).data
        .content,
    enabled,
  });
