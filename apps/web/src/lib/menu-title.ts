import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Titles = Readonly<Record<string, string>>;

/** A known text in the current language; an unknown one exactly as the server sent it. */
export function translateMenuTitle(titles: Titles, raw: string): string {
  return Object.hasOwn(titles, raw) ? (titles[raw] as string) : raw;
}

/**
 * Texts the server seeds in English (menu titles, dictionary labels, the sign-in operation), in
 * the console's language; whatever staff typed shows as typed.
 */
function useKnownTexts(group: 'menuTitles' | 'seededTexts'): (raw: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // One function per language, so that what is memoised on it changes with the language only.
  // The texts are read when called: the console's texts may arrive after the first render.
  return useMemo(
    () => (raw: string) =>
      // Read as stored: the keys are texts such as "User: add", which `t` would take apart at the colon.
      translateMenuTitle(
        (i18n.getResource(language, 'translation', group) ??
          i18n.getResource('en', 'translation', group) ??
          {}) as Titles,
        raw,
      ),
    [i18n, language, group],
  );
}

export function useMenuTitle(): (raw: string) => string {
  return useKnownTexts('menuTitles');
}

/** Seeded dictionary labels and operation names in the console's language. */
export function useSeededText(): (raw: string) => string {
  return useKnownTexts('seededTexts');
}
