import { useQuery } from '@tanstack/react-query';
import type { Alarm } from '@water/contract/alarms';
import type { PageOf } from '@water/contract/common';
import type {
  Allocation,
  AllocationDone,
  AllocationInput,
  Machine,
  MachineModel,
  MachineModelCreateInput,
  MachineModelUpdateInput,
  MachineRegistered,
  MachineRegisterInput,
  MachineStatus,
  MachinesImported,
  RecallInput,
  SalesPeriod,
} from '@water/contract/machines';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { apiClient } from '@/lib/api-client.ts';
import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { agentKeys, alarmKeys, machineKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/machines`: the machines in the user's reach, filtered, paged and sorted. */
export const useMachines = (params: ListParams) =>
  useQuery(pageQuery<Machine>('api/machines', machineKeys.list(params), params));

/** `GET api/machine-models`: the models, with how many machines each. */
export const useMachineModels = (params: ListParams) =>
  useQuery(pageQuery<MachineModel>('api/machine-models', machineKeys.models(params), params));

/** `GET api/machines/{id}/allocations`: the machine's moves, newest first. */
export const useAllocations = (id: number | undefined) =>
  useQuery({
    queryKey: machineKeys.allocations(id ?? 0),
    queryFn: async () => (await apiClient.get<Allocation[]>(`api/machines/${id}/allocations`)).data,
    enabled: id !== undefined,
  });

async function registerMachine(input: MachineRegisterInput): Promise<MachineRegistered> {
  return (await apiClient.post<MachineRegistered>('api/machines', input, { errorNotice: 'network' })).data;
}

type Move = { kind: 'allocate' | 'transfer'; input: AllocationInput } | { kind: 'recall'; input: RecallInput };

async function moveMachines(move: Move): Promise<AllocationDone> {
  return (await apiClient.post<AllocationDone>(`api/machines/${move.kind}`, move.input, { errorNotice: 'network' }))
    .data;
}

async function createModel(input: MachineModelCreateInput): Promise<void> {
  await apiClient.post('api/machine-models', input, { errorNotice: 'network' });
}

async function updateModel(input: MachineModelUpdateInput): Promise<void> {
  await apiClient.put('api/machine-models', input, { errorNotice: 'network' });
}

/** `GET api/machines/{id}/status`: what it reports, its prices and its sales per hour, day or month; kept fresh. */
export const useMachineStatus = (id: number | undefined, period: SalesPeriod) =>
  useQuery({
    queryKey: machineKeys.status(id ?? 0, period),
    queryFn: async () => (await apiClient.get<MachineStatus>(`api/machines/${id}/status`, { params: { period } })).data,
    enabled: id !== undefined,
    refetchInterval: 30_000,
  });

/** `GET api/alarms?machineId=`: a machine's latest alarms (for those who see alarms). */
export const useMachineAlarms = (id: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...alarmKeys.all, 'machine', id],
    queryFn: async () =>
      (
        await apiClient.get<PageOf<Alarm>>('api/alarms', {
          params: { machineId: id, page: 0, size: 10, sort: 'firstTime,desc' },
        })
      ).data,
    enabled: enabled && id !== undefined,
  });

/** `POST api/machines/import` (multipart `file`): every machine of the sheet, or none. */
async function importMachines(file: File): Promise<MachinesImported> {
  const body = new FormData();
  body.append('file', file, file.name);
  // No JSON type (the client's default): the browser sets multipart with its boundary.
  return (
    await apiClient.post<MachinesImported>('api/machines/import', body, {
      headers: { 'Content-Type': null },
      errorNotice: 'network',
    })
  ).data;
}

export const useImportMachines = () => useInvalidatingMutation(importMachines, [machineKeys.all]);

// Machines moving between agents change the agents' quota used too.
export const useRegisterMachine = () => useInvalidatingMutation(registerMachine, [machineKeys.all]);
export const useMoveMachines = () => useInvalidatingMutation(moveMachines, [machineKeys.all, agentKeys.all]);
export const useCreateModel = () => useInvalidatingMutation(createModel, [machineKeys.all]);
export const useUpdateModel = () => useInvalidatingMutation(updateModel, [machineKeys.all]);
export const useDeleteModels = () =>
  useInvalidatingMutation((ids: number[]) => deleteByIds('api/machine-models', ids), [machineKeys.all]);
