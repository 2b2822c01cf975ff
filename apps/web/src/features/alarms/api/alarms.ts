import { useQuery } from '@tanstack/react-query';
import type { AlarmActionInput } from '@water/contract/alarms';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { alarmKeys, machineKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/alarms`: alarms of the machines within the user's reach. */
export const useAlarms = (params: RouteListParams<'GET /api/alarms'>) =>
  useQuery(pageQuery('GET /api/alarms', alarmKeys.list(params), params));

async function handleAlarms(input: AlarmActionInput): Promise<void> {
  await callApi('PUT /api/alarms', { body: input }, { errorNotice: 'network' });
}

export const useHandleAlarms = () => useInvalidatingMutation(handleAlarms, [alarmKeys.all, machineKeys.all]);
