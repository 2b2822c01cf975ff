import { useQuery } from '@tanstack/react-query';
import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import type { GlobalSettings } from '@water/contract/settings';
import { apiClient } from '@/lib/api-client.ts';
import { settingKeys } from '@/lib/query-keys.ts';

/** `GET api/global/setting?sideCode=…&fromType=…`: the stored settings, `{}` when none were ever saved. */
export async function getSettings(): Promise<GlobalSettings> {
  const { data } = await apiClient.get<GlobalSettings>('api/global/setting', { params: GLOBAL_SETTING_QUERY });
  return data;
}

export function useStoredSettings() {
  return useQuery({ queryKey: settingKeys.stored(), queryFn: getSettings });
}
