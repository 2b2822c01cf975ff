import { useQuery } from '@tanstack/react-query';
import type {
  AllocationInput,
  MachineModelCreateInput,
  MachineModelUpdateInput,
  MachineRegisterInput,
  RecallInput,
  SalesPeriod,
} from '@water/contract/machines';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { agentKeys, alarmKeys, machineKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/machines`: the machines in the user's reach, filtered, paged and sorted. */
export const useMachines = (params: RouteListParams<'GET /api/machines'>) =>
  useQuery(pageQuery('GET /api/machines', machineKeys.list(params), params));

/** `GET api/machine-models`: the models, with how many machines each. */
export const useMachineModels = (params: RouteListParams<'GET /api/machine-models'>) =>
  useQuery(pageQuery('GET /api/machine-models', machineKeys.models(params), params));

/** `GET api/machines/{id}/allocations`: the machine's moves, newest first. */
export const useAllocations = (id: number | undefined) =>
  useQuery({
    queryKey: machineKeys.allocations(id ?? 0),
    queryFn: () => callApi('GET /api/machines/:id/allocations', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });

const registerMachine = (input: MachineRegisterInput) =>
  callApi('POST /api/machines', { body: input }, { errorNotice: 'network' });

type Move = { kind: 'allocate' | 'transfer'; input: AllocationInput } | { kind: 'recall'; input: RecallInput };

const moveMachines = (move: Move) =>
  move.kind === 'recall'
    ? callApi('POST /api/machines/recall', { body: move.input }, { errorNotice: 'network' })
    : callApi(`POST /api/machines/${move.kind}`, { body: move.input }, { errorNotice: 'network' });

async function createModel(input: MachineModelCreateInput): Promise<void> {
  await callApi('POST /api/machine-models', { body: input }, { errorNotice: 'network' });
}

async function updateModel(input: MachineModelUpdateInput): Promise<void> {
  await callApi('PUT /api/machine-models', { body: input }, { errorNotice: 'network' });
}

/** `GET api/machines/{id}/status`: what it reports, its prices and its sales per hour, day or month; kept fresh. */
export const useMachineStatus = (id: number | undefined, period: SalesPeriod) =>
  useQuery({
    queryKey: machineKeys.status(id ?? 0, period),
    // A machine not in reach (an old or mistyped address) is said so in the drawer itself.
    queryFn: () =>
      callApi(
        'GET /api/machines/:id/status',
        { params: { id: id ?? 0 }, query: { period } },
        { errorNotice: 'network' },
      ),
    enabled: id !== undefined,
    refetchInterval: 30_000,
  });

/** `GET api/alarms?machineId=`: a machine's latest alarms (for those who see alarms). */
export const useMachineAlarms = (id: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...alarmKeys.all, 'machine', id],
    queryFn: () => callApi('GET /api/alarms', { query: { machineId: id, page: 0, size: 10, sort: 'firstTime,desc' } }),
    enabled: enabled && id !== undefined,
  });

/** `POST api/machines/import` (multipart `file`): every machine of the sheet, or none. */
function importMachines(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  // No JSON type (the client's default): the browser sets multipart with its boundary.
  return callApi('POST /api/machines/import', { body }, { headers: { 'Content-Type': null }, errorNotice: 'network' });
}

export const useImportMachines = () => useInvalidatingMutation(importMachines, [machineKeys.all]);

// Machines moving between agents change the agents' quota used too.
export const useRegisterMachine = () => useInvalidatingMutation(registerMachine, [machineKeys.all]);
export const useMoveMachines = () => useInvalidatingMutation(moveMachines, [machineKeys.all, agentKeys.all]);
export const useCreateModel = () => useInvalidatingMutation(createModel, [machineKeys.all]);
export const useUpdateModel = () => useInvalidatingMutation(updateModel, [machineKeys.all]);
export const useDeleteModels = () =>
  useInvalidatingMutation((ids: number[]) => deleteByIds('DELETE /api/machine-models', ids), [machineKeys.all]);
