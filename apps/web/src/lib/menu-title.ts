import { useTranslation } from 'react-i18next';

/** A known menu title in the current language; an unknown one exactly as the server sent it. */
export function translateMenuTitle(titles: Readonly<Record<string, string>>, raw: string): string {
  return Object.hasOwn(titles, raw) ? (titles[raw] as string) : raw;
}

export function useMenuTitle(): (raw: string) => string {
  const { t } = useTranslation();
  const titles = t('menuTitles', { returnObjects: true }) as Record<string, string>;
  return (raw) => translateMenuTitle(titles, raw);
}
