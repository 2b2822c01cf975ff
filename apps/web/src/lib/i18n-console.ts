import type { ConsoleMessages } from '@/locales/messages.ts';
import { beforeLanguageChange, i18n } from './i18n.ts';
import type { Language } from './language.ts';

/** The console's texts of each language, each in its own chunk: a user downloads only the language they use. */
const LOADERS: Record<Language, () => Promise<ConsoleMessages>> = {
  en: async () => (await import('@/locales/console-en.ts')).consoleEn,
  'zh-CN': async () => (await import('@/locales/console-zh-CN.ts')).consoleZhCN,
};

const loading = new Map<string, Promise<void>>();

/**
 * Adds the console's texts (shell and shared kit) of a language, once; the console waits for
 * those of the current language before it shows, and a switch of language loads the other first.
 */
export function loadConsoleTexts(language: string = i18n.language): Promise<void> {
  const load = LOADERS[language as Language];
  if (!load) return Promise.resolve();
  let done = loading.get(language);
  if (!done) {
    done = load().then((texts) => {
      i18n.addResourceBundle(language, 'translation', texts, true, true);
    });
    done.catch(() => loading.delete(language));
    loading.set(language, done);
  }
  return done;
}

beforeLanguageChange(loadConsoleTexts);
