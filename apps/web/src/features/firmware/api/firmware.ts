import { useQuery } from '@tanstack/react-query';
import type { RolloutAction, RolloutInput } from '@water/contract/firmware';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { firmwareKeys, machineKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** How often rollouts still going out look again. */
const LIVE_REFRESH_MS = 3000;

/** `GET api/firmware/packages`: the packages, newest first. */
export const usePackages = (params: RouteListParams<'GET /api/firmware/packages'>) =>
  useQuery(pageQuery('GET /api/firmware/packages', firmwareKeys.packages(params), params));

/** `GET api/firmware/rollouts`: the rollouts with their stages, refreshed while one runs. */
export const useRollouts = (page: number) =>
  useQuery({
    queryKey: firmwareKeys.rollouts({ page }),
    queryFn: () => callApi('GET /api/firmware/rollouts', { query: { page, size: 10 } }),
    refetchInterval: (query) =>
      query.state.data?.content.some((rollout) => rollout.state === 'RUNNING' || rollout.state === 'PAUSED')
        ? LIVE_REFRESH_MS
        : false,
  });

/** `GET api/firmware/rollouts/{id}/updates`: a rollout's machines, refreshed while it is shown. */
export const useRolloutUpdates = (id: number | undefined, page: number) =>
  useQuery({
    queryKey: firmwareKeys.updates(id ?? 0, { page }),
    queryFn: () =>
      callApi('GET /api/firmware/rollouts/:id/updates', { params: { id: id ?? 0 }, query: { page, size: 20 } }),
    enabled: id !== undefined,
    refetchInterval: LIVE_REFRESH_MS,
  });

/** The machines of a model in the user's reach, for a rollout's choice. */
export const useMachinesOf = (modelId: number | undefined) =>
  useQuery({
    queryKey: firmwareKeys.machinesOf(modelId ?? 0),
    queryFn: async () =>
      (
        await callApi('GET /api/machines', {
          query: { page: 0, size: 5000, modelId: modelId ?? 0, sort: 'serialNo,asc' },
        })
      ).content,
    enabled: modelId !== undefined,
  });

const uploadPackage = ({
  file,
  modelId,
  version,
  notes,
}: {
  file: File;
  modelId: number;
  version: string;
  notes?: string;
}) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return callApi(
    'POST /api/firmware/packages',
    { body, query: { modelId, version, ...(notes ? { notes } : {}) } },
    // No JSON type (the client's default): the browser sets multipart with its boundary.
    { headers: { 'Content-Type': null }, errorNotice: 'network' },
  );
};
const deletePackage = (id: number) => callApi('DELETE /api/firmware/packages/:id', { params: { id } });
const startRollout = (input: RolloutInput) =>
  callApi('POST /api/firmware/rollouts', { body: input }, { errorNotice: 'network' });
const actOn = ({ id, action }: { id: number; action: RolloutAction }) =>
  callApi('PUT /api/firmware/rollouts/:id/:action', { params: { id, action } });

export const useUploadPackage = () => useInvalidatingMutation(uploadPackage, [firmwareKeys.all]);
export const useDeletePackage = () => useInvalidatingMutation(deletePackage, [firmwareKeys.all]);
// A rollout changes what the machines' details show too.
export const useStartRollout = () => useInvalidatingMutation(startRollout, [firmwareKeys.all, machineKeys.all]);
export const useRolloutAction = () => useInvalidatingMutation(actOn, [firmwareKeys.all, machineKeys.all]);
