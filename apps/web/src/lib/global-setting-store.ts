import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import type { GlobalSettings } from '@water/contract/settings';
import { create } from 'zustand';
import { callApi } from './call-api.ts';
import { sanitizeGlobalSetting } from './global-setting.ts';

interface GlobalSettingState {
  setting: GlobalSettings;
  loaded: boolean;
}

export const useGlobalSetting = create<GlobalSettingState>(() => ({ setting: {}, loaded: false }));

/** Fetched once at start-up; any failure quietly means "no overrides" (spec §8). */
export async function loadGlobalSetting(): Promise<void> {
  let setting: GlobalSettings = {};
  try {
    setting = sanitizeGlobalSetting(
      await callApi('GET /api/global/setting', { query: GLOBAL_SETTING_QUERY }, { errorNotice: 'none' }),
    );
  } catch {
    // An empty object, as specified.
  }
  useGlobalSetting.setState({ setting, loaded: true });
}
