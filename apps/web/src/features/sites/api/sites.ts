import { useQuery } from '@tanstack/react-query';
import type { Site, SiteCreateInput, SiteUpdateInput } from '@water/contract/sites';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { apiClient } from '@/lib/api-client.ts';
import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { siteKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/sites`: the sites of the agents in the user's reach. */
export const useSites = (params: ListParams) => useQuery(pageQuery<Site>('api/sites', siteKeys.list(params), params));

async function createSite(input: SiteCreateInput): Promise<void> {
  await apiClient.post('api/sites', input, { errorNotice: 'network' });
}

async function updateSite(input: SiteUpdateInput): Promise<void> {
  await apiClient.put('api/sites', input, { errorNotice: 'network' });
}

export const useCreateSite = () => useInvalidatingMutation(createSite, [siteKeys.all]);
export const useUpdateSite = () => useInvalidatingMutation(updateSite, [siteKeys.all]);
export const useDeleteSites = () =>
  useInvalidatingMutation((ids: number[]) => deleteByIds('api/sites', ids), [siteKeys.all]);
