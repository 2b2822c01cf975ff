import { useQuery } from '@tanstack/react-query';
import type { SiteCreateInput, SiteUpdateInput } from '@water/contract/sites';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { alarmKeys, machineKeys, siteKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/sites`: the sites of the agents in the user's reach. */
export const useSites = (params: RouteListParams<'GET /api/sites'>) =>
  useQuery(pageQuery('GET /api/sites', siteKeys.list(params), params));

/** At most this many sites, machines and alarms make the status view (the search narrows them). */
export const STATUS_LIMIT = 1000;

/** The machines the user sees, for the status of their sites (only when the user may list machines). */
export const useStatusMachines = (enabled: boolean) =>
  useQuery({
    ...pageQuery('GET /api/machines', machineKeys.list({ page: 0, size: STATUS_LIMIT }), {
      page: 0,
      size: STATUS_LIMIT,
    }),
    enabled,
  });

/** The alarms not yet resolved that the user sees (only when the user may list alarms). */
export const useStatusAlarms = (enabled: boolean) =>
  useQuery({
    ...pageQuery('GET /api/alarms', alarmKeys.list({ page: 0, size: STATUS_LIMIT, unresolved: true }), {
      page: 0,
      size: STATUS_LIMIT,
      unresolved: true,
    }),
    enabled,
  });

async function createSite(input: SiteCreateInput): Promise<void> {
  await callApi('POST /api/sites', { body: input }, { errorNotice: 'network' });
}

async function updateSite(input: SiteUpdateInput): Promise<void> {
  await callApi('PUT /api/sites', { body: input }, { errorNotice: 'network' });
}

export const useCreateSite = () => useInvalidatingMutation(createSite, [siteKeys.all]);
export const useUpdateSite = () => useInvalidatingMutation(updateSite, [siteKeys.all]);
export const useDeleteSites = () =>
  useInvalidatingMutation((ids: number[]) => deleteByIds('DELETE /api/sites', ids), [siteKeys.all]);
