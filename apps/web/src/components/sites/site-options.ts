import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { siteKeys } from '@/lib/query-keys.ts';

/** The sites in the user's reach by name, for pickers (where a coupon is good). */
export const useSiteOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...siteKeys.all, 'options'],
    queryFn: async () =>
      (await callApi('GET /api/sites', { query: { page: 0, size: 1000, sort: 'name,asc' } })).content,
    enabled,
  });
