import { describe, expect, it } from 'vitest';
import bootScript from '../../../public/boot-settings.js?raw';
import {
  applySettingsToDocument,
  DEFAULT_SETTINGS,
  SETTINGS_STORAGE_KEY,
  sanitizeSettings,
  THEME_PRESETS,
} from './display-settings.ts';

describe('display settings', () => {
  it('start from the defaults of the specification', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      theme: '#1890ff',
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: false,
      uniqueOpened: true,
      showFooter: true,
      darkMode: false,
    });
    expect(THEME_PRESETS).toEqual([
      '#409EFF',
      '#1890ff',
      '#304156',
      '#212121',
      '#11a983',
      '#13c2c2',
      '#6959CD',
      '#f5222d',
    ]);
  });

  it('keep valid stored values and drop anything else', () => {
    expect(sanitizeSettings({ theme: '#11a983', darkMode: true, tagsView: false })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: '#11a983',
      darkMode: true,
      tagsView: false,
    });
    expect(sanitizeSettings({ theme: 'red;background:url(x)', darkMode: 'yes', extra: 1 })).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings('x')).toEqual(DEFAULT_SETTINGS);
  });
});

function fakeRoot() {
  const properties = new Map<string, string>();
  return {
    dataset: {} as Record<string, string>,
    style: { colorScheme: '', setProperty: (name: string, value: string) => properties.set(name, value) },
    properties,
  };
}

describe('applying settings before the first paint', () => {
  it('marks the document dark and sets the theme colour', () => {
    const root = fakeRoot();
    applySettingsToDocument({ ...DEFAULT_SETTINGS, darkMode: true, theme: '#f5222d' }, root as never);
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    expect(root.properties.get('--water-primary')).toBe('#f5222d');
    applySettingsToDocument(DEFAULT_SETTINGS, root as never);
    expect(root.dataset.theme).toBeUndefined();
    expect(root.style.colorScheme).toBe('light');
  });

  it('is done by public/boot-settings.js from the same storage key, before the bundle runs', () => {
    const run = (stored: string | null) => {
      const root = fakeRoot();
      const localStorage = { getItem: (key: string) => (key === SETTINGS_STORAGE_KEY ? stored : null) };
      new Function('localStorage', 'document', bootScript)(localStorage, { documentElement: root });
      return root;
    };
    const dark = run(JSON.stringify({ state: { darkMode: true, theme: '#13c2c2' }, version: 0 }));
    expect(dark.dataset.theme).toBe('dark');
    expect(dark.style.colorScheme).toBe('dark');
    expect(dark.properties.get('--water-primary')).toBe('#13c2c2');

    const light = run(null);
    expect(light.dataset.theme).toBeUndefined();
    expect(light.properties.get('--water-primary')).toBeUndefined();

    const broken = run('{not json');
    expect(broken.dataset.theme).toBeUndefined();
    const hostile = run(JSON.stringify({ state: { theme: 'red;x:y' } }));
    expect(hostile.properties.get('--water-primary')).toBeUndefined();
  });
});
