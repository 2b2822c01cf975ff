export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'water-console-language';

function isLanguage(value: string | null | undefined): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** A saved choice wins; otherwise any Chinese browser language gets Chinese, everyone else English. */
export function pickLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  const first = browserLanguages[0];
  return first?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
