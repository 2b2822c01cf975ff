import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en.ts';
import type { Messages } from '@/locales/messages.ts';
import { zhCN } from '@/locales/zh-CN.ts';
import { LANGUAGE_STORAGE_KEY, type Language, pickLanguage } from './language.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

function readSavedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked by privacy settings; the browser language still applies.
    return null;
  }
}

/** Date pickers and dayjs formats follow the console's language (month and weekday names). */
function applyDayjsLocale(language: string): void {
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
}

const initial = pickLanguage(readSavedLanguage(), navigator.languages ?? [navigator.language]);
document.documentElement.lang = initial;
applyDayjsLocale(initial);
i18n.on('languageChanged', applyDayjsLocale);

// Only the texts of the first screens; the console adds its own when it loads (i18n-console.ts).
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: initial,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { bindI18nStore: 'added' },
});

const languageLoaders: ((language: Language) => Promise<void>)[] = [];

/** Texts to load before the console switches to a language (the console's own, loaded per language). */
export function beforeLanguageChange(load: (language: Language) => Promise<void>): void {
  languageLoaders.push(load);
}

export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all(languageLoaders.map((load) => load(language)));
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, but the switch still applies now.
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export { i18n };
