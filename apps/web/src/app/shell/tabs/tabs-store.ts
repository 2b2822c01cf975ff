import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { registerSessionStorageKey } from '@/lib/session.ts';
import { AFFIX_VIEWS } from '../../routing/fixed-pages.ts';
import {
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  dropCachedView,
  type TabsState,
  updateVisitedView,
  type VisitedView,
  withAffixViews,
} from './tabs-model.ts';

/** sessionStorage: the open tabs survive a reload of this browser tab and end with the session. */
export const TABS_STORAGE_KEY = 'water-console-tabs';
registerSessionStorageKey(TABS_STORAGE_KEY);

function storedViews(stored: unknown): VisitedView[] {
  const views = (stored as { visitedViews?: unknown } | undefined)?.visitedViews;
  if (!Array.isArray(views)) return [];
  return views.filter(
    (view): view is VisitedView =>
      typeof view === 'object' &&
      view !== null &&
      typeof view.fullPath === 'string' &&
      typeof view.path === 'string' &&
      typeof view.title === 'string' &&
      view.fullPath.startsWith('/'),
  );
}

export const useTabs = create<TabsState>()(
  persist((): TabsState => ({ visitedViews: [...AFFIX_VIEWS], cachedViews: [] }), {
    name: TABS_STORAGE_KEY,
    storage: createJSONStorage(() => sessionStorage),
    version: 0,
    // Pages mounted before a reload are gone anyway; only the tabs come back.
    partialize: (state) => ({ visitedViews: state.visitedViews }),
    merge: (stored, current) => ({ ...current, visitedViews: withAffixViews(AFFIX_VIEWS, storedViews(stored)) }),
  }),
);

export const tabs = {
  add: (view: VisitedView) => useTabs.setState((state) => addView(state, view)),
  close: (fullPath: string) => useTabs.setState((state) => closeView(state, fullPath)),
  closeOthers: (fullPath: string) => useTabs.setState((state) => closeOtherViews(state, fullPath)),
  closeAll: () => useTabs.setState((state) => closeAllViews(state)),
  forget: (fullPath: string) => useTabs.setState((state) => dropCachedView(state, fullPath)),
  update: (view: Partial<VisitedView> & { path: string }) =>
    useTabs.setState((state) => updateVisitedView(state, view)),
};
