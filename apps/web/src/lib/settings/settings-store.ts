import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  applySettingsToDocument,
  DEFAULT_SETTINGS,
  type DisplaySettings,
  SETTINGS_STORAGE_KEY,
  sanitizeSettings,
} from './display-settings.ts';

/** Display settings, read synchronously from localStorage when this module loads. */
export const useSettings = create<DisplaySettings>()(
  persist(() => ({ ...DEFAULT_SETTINGS }), {
    name: SETTINGS_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
    version: 0,
    merge: (stored, current) => ({ ...current, ...sanitizeSettings(stored) }),
  }),
);

export function changeSetting<K extends keyof DisplaySettings>(key: K, value: DisplaySettings[K]): void {
  useSettings.setState({ [key]: value } as Pick<DisplaySettings, K>);
}

applySettingsToDocument(useSettings.getState(), document.documentElement);
useSettings.subscribe((settings) => applySettingsToDocument(settings, document.documentElement));
