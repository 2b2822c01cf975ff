import type { RouteEntry } from '@/lib/menus-to-routes.ts';
import { pageFor } from '../page-registry.ts';
import { PageBoundary } from './page-boundary.tsx';
import { PageUnavailable } from './page-unavailable.tsx';

/** The page a menu entry names, through the page registry. */
export function MenuPageView({ entry }: { entry: RouteEntry }) {
  const Page = pageFor(entry.pageKey);
  if (!Page) return <PageUnavailable entry={entry} />;
  return (
    <PageBoundary>
      <Page />
    </PageBoundary>
  );
}
