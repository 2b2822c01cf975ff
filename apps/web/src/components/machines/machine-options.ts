import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { machineKeys } from '@/lib/query-keys.ts';

/** Every machine model, for pickers (registering a machine, pricing a model). */
export const useAllModels = (enabled = true) =>
  useQuery({
    queryKey: machineKeys.allModels(),
    queryFn: async () => (await callApi('GET /api/machine-models', { query: { page: 0, size: 1000 } })).content,
    enabled,
  });

/** The machines in the user's reach by serial number, for pickers (pricing one machine). */
export const useMachineOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...machineKeys.all, 'options'],
    queryFn: async () =>
      (await callApi('GET /api/machines', { query: { page: 0, size: 1000, sort: 'serialNo,asc' } })).content,
    enabled,
  });
