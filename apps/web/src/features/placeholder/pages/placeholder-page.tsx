import { usePageEntry } from '../../../app/routing/page-entry-context.ts';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

/**
 * The page for a menu whose module is not built yet (page key `common/placeholder/index`):
 * staff see an honest "being built" page under the menu's own title instead of an error.
 */
export function PlaceholderPage() {
  return <PagePlaceholder title={usePageEntry()?.title ?? ''} />;
}
