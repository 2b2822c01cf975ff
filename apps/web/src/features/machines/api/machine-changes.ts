import { useQuery } from '@tanstack/react-query';
import type { LifecycleInput, MachineUpdateInput } from '@water/contract/machines';
import { callApi } from '@/lib/call-api.ts';
import { agentKeys, machineKeys, siteKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/machines/{id}/install-sites`: the open sites of the agent holding the machine. */
export const useInstallSites = (id: number | undefined) =>
  useQuery({
    queryKey: machineKeys.installSites(id ?? 0),
    queryFn: () => callApi('GET /api/machines/:id/install-sites', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });

/** `PUT api/machines/{id}/lifecycle`; the caller reports a refusal (a dialog under its fields, a button as a notice). */
const changeLifecycle = ({ id, input }: { id: number; input: LifecycleInput }) =>
  callApi('PUT /api/machines/:id/lifecycle', { params: { id }, body: input }, { errorNotice: 'network' });

/** `PUT api/machines/{id}`: its sticker code, model, IMEI, ICCID and warranty end. */
const updateMachine = ({ id, input }: { id: number; input: MachineUpdateInput }) =>
  callApi('PUT /api/machines/:id', { params: { id }, body: input }, { errorNotice: 'network' });

// A machine restocked or scrapped frees its agent's quota; one installed or retired changes its site's machines.
export const useChangeLifecycle = () =>
  useInvalidatingMutation(changeLifecycle, [machineKeys.all, agentKeys.all, siteKeys.all]);
export const useUpdateMachine = () => useInvalidatingMutation(updateMachine, [machineKeys.all]);
