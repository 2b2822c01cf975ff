import { useQuery } from '@tanstack/react-query';
import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import { callApi } from '@/lib/call-api.ts';
import { settingKeys } from '@/lib/query-keys.ts';

/** `GET api/global/setting?sideCode=…&fromType=…`: the stored settings, `{}` when none were ever saved. */
export function getSettings() {
  return callApi('GET /api/global/setting', { query: GLOBAL_SETTING_QUERY });
}

export function useStoredSettings() {
  return useQuery({ queryKey: settingKeys.stored(), queryFn: getSettings });
}
