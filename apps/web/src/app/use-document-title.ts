import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type UIMatch, useMatches } from 'react-router';
import type { Messages } from '../locales/en.ts';

export interface RouteHandle {
  title?: keyof Messages['route'];
}

/** "<route title> - <application title>", from the deepest matched route that names a title. */
export function useDocumentTitle(): void {
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const { t } = useTranslation();
  const routeTitle = matches.findLast((match) => match.handle?.title)?.handle?.title;
  const appTitle = t('app.title');
  const title = routeTitle ? `${t(`route.${routeTitle}`)} - ${appTitle}` : appTitle;

  useEffect(() => {
    document.title = title;
  }, [title]);
}
