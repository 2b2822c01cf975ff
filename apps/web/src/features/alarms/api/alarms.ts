import { useQuery } from '@tanstack/react-query';
import type { Alarm, AlarmActionInput } from '@water/contract/alarms';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { apiClient } from '@/lib/api-client.ts';
import { alarmKeys, machineKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/alarms`: alarms of the machines within the user's reach. */
export const useAlarms = (params: ListParams) =>
  useQuery(pageQuery<Alarm>('api/alarms', alarmKeys.list(params), params));

async function handleAlarms(input: AlarmActionInput): Promise<void> {
  await apiClient.put('api/alarms', input, { errorNotice: 'network' });
}

export const useHandleAlarms = () => useInvalidatingMutation(handleAlarms, [alarmKeys.all, machineKeys.all]);
