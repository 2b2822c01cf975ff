import { Activity } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { findRoute } from '@/lib/menus-to-routes.ts';
import { tabPathOf } from '../routing/fixed-pages.ts';
import { useStartup } from '../routing/startup.ts';
import { KeptView } from './kept-view.tsx';
import { MenuPageView } from './menu-page-view.tsx';
import { PageBoundary } from './page-boundary.tsx';
import { useTabs } from './tabs/tabs-store.ts';

const pathOf = (fullPath: string) => fullPath.split('?')[0] ?? fullPath;

/**
 * The page area. Pages whose menu has `cache` stay mounted inside <Activity>, hidden while
 * another tab is shown, so they keep their state; every other page renders through the router
 * outlet and unmounts when left.
 */
export function AppMain() {
  const { pathname, search } = useLocation();
  const current = tabPathOf(pathname, search);
  const routes = useStartup((state) => state.table.routes);
  const cachedViews = useTabs((state) => state.cachedViews);
  const outlet = useOutlet();
  const entry = findRoute(routes, pathname);
  const keepCurrent = entry !== undefined && !entry.noCache;
  // The current page joins the kept ones in this very render, so it is not mounted twice.
  const kept = keepCurrent && !cachedViews.includes(current) ? [...cachedViews, current] : cachedViews;

  return (
    <>
      {kept.map((fullPath) => {
        const keptEntry = findRoute(routes, pathOf(fullPath));
        if (!keptEntry) return null;
        return (
          <Activity key={fullPath} mode={fullPath === current ? 'visible' : 'hidden'}>
            <KeptView>
              <MenuPageView entry={keptEntry} />
            </KeptView>
          </Activity>
        );
      })}
      {!keepCurrent && <PageBoundary>{outlet}</PageBoundary>}
    </>
  );
}
