import { createContext, useContext } from 'react';
import type { RouteEntry } from './menus-to-routes.ts';

/** The menu entry a page is shown for, so a generic page can use the menu's title. */
export const PageEntryContext = createContext<RouteEntry | undefined>(undefined);

export function usePageEntry(): RouteEntry | undefined {
  return useContext(PageEntryContext);
}
