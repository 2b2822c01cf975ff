import { useQuery } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import type { Machine, MachineModel } from '@water/contract/machines';
import { apiClient } from '@/lib/api-client.ts';
import { machineKeys } from '@/lib/query-keys.ts';

/** Every machine model, for pickers (registering a machine, pricing a model). */
export const useAllModels = (enabled = true) =>
  useQuery({
    queryKey: machineKeys.allModels(),
    queryFn: async () =>
      (await apiClient.get<PageOf<MachineModel>>('api/machine-models', { params: { page: 0, size: 1000 } })).data
        .content,
    enabled,
  });

/** The machines in the user's reach by serial number, for pickers (pricing one machine). */
export const useMachineOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...machineKeys.all, 'options'],
    queryFn: async () =>
      (
        await apiClient.get<PageOf<Machine>>('api/machines', {
          params: { page: 0, size: 1000, sort: 'serialNo,asc' },
        })
      ).data.content,
    enabled,
  });
