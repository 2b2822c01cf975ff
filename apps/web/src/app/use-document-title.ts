import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useGlobalSetting } from '@/lib/global-setting-store.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import type { Messages } from '@/locales/messages.ts';
import { pageTitle } from './routing/fixed-pages.ts';
import { useStartup } from './routing/startup.ts';

/** Titles of the pages outside the console (spec §2). */
const PUBLIC_TITLES: Record<string, keyof Messages['route']> = {
  '/login': 'login',
  '/findPassword': 'findPassword',
  '/publicity': 'publicity',
  '/404': 'notFound',
  '/401': 'unauthorized',
  '/password-change': 'passwordChange',
};

/** The application title: the global settings may override the built-in one. */
export function useAppTitle(): string {
  const { t } = useTranslation();
  return useGlobalSetting((state) => state.setting.title) ?? t('app.title');
}

/** "<route title> - <application title>": a public page's own title, else the console page's. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const routes = useStartup((state) => state.table.routes);
  const appTitle = useAppTitle();
  const publicTitle = Object.hasOwn(PUBLIC_TITLES, pathname) ? PUBLIC_TITLES[pathname] : undefined;
  const consoleTitle = pageTitle(pathname, routes);
  const routeTitle = publicTitle ? t(`route.${publicTitle}`) : consoleTitle ? menuTitle(consoleTitle) : undefined;
  const title = routeTitle ? `${routeTitle} - ${appTitle}` : appTitle;

  useEffect(() => {
    document.title = title;
  }, [title]);
}
