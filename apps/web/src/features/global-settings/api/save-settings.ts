import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import type { GlobalSettings } from '@water/contract/settings';
import { callApi } from '@/lib/call-api.ts';
import { loadGlobalSetting } from '@/lib/global-setting-store.ts';
import { settingKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/**
 * `PUT api/global/setting` → 204. Every other open console hears of it through the realtime
 * push; this one applies it at once. Validation messages go to the form.
 */
export async function saveSettings(settings: GlobalSettings): Promise<void> {
  await callApi('PUT /api/global/setting', { query: GLOBAL_SETTING_QUERY, body: settings }, { errorNotice: 'network' });
  await loadGlobalSetting();
}

export function useSaveSettings() {
  return useInvalidatingMutation(saveSettings, [settingKeys.all]);
}
