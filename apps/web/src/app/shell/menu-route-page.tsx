import { Navigate, useLocation } from 'react-router';
import { findRoute } from '@/lib/menus-to-routes.ts';
import { useStartup } from '../routing/startup.ts';
import { MenuPageView } from './menu-page-view.tsx';

/** The catch-all child of the layout: the current path looked up in the menus' route table. */
export function MenuRoutePage() {
  const { pathname } = useLocation();
  const entry = findRoute(
    useStartup((state) => state.table.routes),
    pathname,
  );
  // The guard sends unknown paths to /404 before this renders; this covers a menu change meanwhile.
  if (!entry) return <Navigate to="/404" replace />;
  return <MenuPageView entry={entry} />;
}
