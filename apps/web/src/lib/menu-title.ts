import { useTranslation } from 'react-i18next';

type Titles = Readonly<Record<string, string>>;

/** A known menu title in the current language; an unknown one exactly as the server sent it. */
export function translateMenuTitle(titles: Titles, raw: string): string {
  return Object.hasOwn(titles, raw) ? (titles[raw] as string) : raw;
}

export function useMenuTitle(): (raw: string) => string {
  const { i18n } = useTranslation();
  // Read as stored: the titles are keys such as "User: add", which `t` would take apart at the colon.
  const titles = (i18n.getResource(i18n.language, 'translation', 'menuTitles') ??
    i18n.getResource('en', 'translation', 'menuTitles') ??
    {}) as Titles;
  return (raw) => translateMenuTitle(titles, raw);
}
