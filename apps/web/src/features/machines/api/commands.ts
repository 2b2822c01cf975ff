import { useQuery } from '@tanstack/react-query';
import {
  type CommandBatchInput,
  type CommandInput,
  type DesiredSettingsInput,
  PENDING_COMMAND_STATES,
} from '@water/contract/commands';
import { callApi } from '@/lib/call-api.ts';
import { machineKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** How often a list with commands still waiting for their machines looks again. */
const PENDING_REFRESH_MS = 3000;

/** `GET api/machines/{id}/commands`: its latest commands, refreshed while any waits for the machine. */
export const useMachineCommands = (id: number | undefined) =>
  useQuery({
    queryKey: machineKeys.commands(id ?? 0),
    queryFn: () => callApi('GET /api/machines/:id/commands', { params: { id: id ?? 0 }, query: { page: 0, size: 20 } }),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      query.state.data?.content.some((command) => PENDING_COMMAND_STATES.includes(command.state))
        ? PENDING_REFRESH_MS
        : false,
  });

/** `GET api/machines/{id}/settings`: desired beside reported. */
export const useMachineSettings = (id: number | undefined) =>
  useQuery({
    queryKey: machineKeys.settings(id ?? 0),
    queryFn: () => callApi('GET /api/machines/:id/settings', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.drifting ? PENDING_REFRESH_MS * 2 : false),
  });

/** `GET api/commands/batches/{id}`: a batch's progress, refreshed until nothing waits. */
export const useCommandBatch = (id: number | undefined) =>
  useQuery({
    queryKey: machineKeys.batch(id ?? 0),
    queryFn: () => callApi('GET /api/commands/batches/:id', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    refetchInterval: (query) => ((query.state.data?.pending ?? 1) > 0 ? PENDING_REFRESH_MS : false),
  });

const sendCommand = ({ id, input }: { id: number; input: CommandInput }) =>
  callApi('POST /api/machines/:id/commands', { params: { id }, body: input }, { errorNotice: 'network' });
const sendBatch = (input: CommandBatchInput) =>
  callApi('POST /api/commands/batches', { body: input }, { errorNotice: 'network' });
const cancelCommand = (id: number) => callApi('PUT /api/commands/:id/cancel', { params: { id } });
const editSettings = ({ id, input }: { id: number; input: DesiredSettingsInput }) =>
  callApi('PUT /api/machines/:id/settings', { params: { id }, body: input }, { errorNotice: 'network' });

// A command that locks, unlocks or calibrates changes the desired settings and the list's drift too.
export const useSendCommand = () => useInvalidatingMutation(sendCommand, [machineKeys.all]);
export const useSendBatch = () => useInvalidatingMutation(sendBatch, [machineKeys.all]);
export const useCancelCommand = () => useInvalidatingMutation(cancelCommand, [machineKeys.all]);
export const useEditSettings = () => useInvalidatingMutation(editSettings, [machineKeys.all]);
