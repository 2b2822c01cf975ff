/** The display settings of spec §3 that a user changes in the settings drawer, kept per browser. */
export interface DisplaySettings {
  /** Theme colour, `#rrggbb`. */
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  uniqueOpened: boolean;
  showFooter: boolean;
  darkMode: boolean;
}

/** The picker's presets (DESIGN §6), `#409EFF` first. */
export const THEME_PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

/** What a new user sees (spec §9, DESIGN §6). */
export const DEFAULT_SETTINGS: DisplaySettings = {
  theme: '#1890ff',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: false,
  uniqueOpened: true,
  showFooter: true,
  darkMode: false,
};

/** localStorage key; `public/boot-settings.js` reads it before the bundle to avoid a flash of defaults. */
export const SETTINGS_STORAGE_KEY = 'water-console-settings';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export function isThemeColour(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOUR.test(value);
}

const FLAGS = ['tagsView', 'fixedHeader', 'sidebarLogo', 'uniqueOpened', 'showFooter', 'darkMode'] as const;

/** Whatever was stored (old versions, hand edits), turned into complete, valid settings. */
export function sanitizeSettings(stored: unknown): DisplaySettings {
  const result = { ...DEFAULT_SETTINGS };
  if (typeof stored !== 'object' || stored === null) return result;
  const record = stored as Record<string, unknown>;
  if (isThemeColour(record.theme)) result.theme = record.theme;
  for (const flag of FLAGS) {
    const value = record[flag];
    if (typeof value === 'boolean') result[flag] = value;
  }
  return result;
}

/** The part of the settings that plain CSS outside antd needs: dark background, progress bar colour. */
export function applySettingsToDocument(settings: DisplaySettings, root: HTMLElement): void {
  if (settings.darkMode) root.dataset.theme = 'dark';
  else delete root.dataset.theme;
  root.style.colorScheme = settings.darkMode ? 'dark' : 'light';
  root.style.setProperty('--water-primary', settings.theme);
}
