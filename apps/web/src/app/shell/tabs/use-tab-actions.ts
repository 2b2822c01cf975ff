import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_PREFIX, tabPathOf } from '../../routing/fixed-pages.ts';
import { lastViewPath, type VisitedView } from './tabs-model.ts';
import { tabs, useTabs } from './tabs-store.ts';

export interface TabActions {
  /** The full path shown now. */
  current: string;
  refresh: (view: VisitedView) => void;
  close: (view: VisitedView) => void;
  closeOthers: (view: VisitedView) => void;
  closeAll: () => void;
}

/** The actions of the tab bar, which also decide where to go when the shown tab goes away. */
export function useTabActions(): TabActions {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const current = tabPathOf(pathname, search);
  const goToLast = () => void navigate(lastViewPath(useTabs.getState().visitedViews));
  return {
    current,
    refresh: (view) => {
      // The page mounts afresh (RedirectPage lets the kept one go) and asks the server again rather than showing cached answers.
      void queryClient.invalidateQueries({ refetchType: 'none' });
      void navigate(REDIRECT_PREFIX + view.fullPath.replace(/^\//, ''), { replace: true });
    },
    close: (view) => {
      if (view.affix) return;
      tabs.close(view.fullPath);
      if (view.fullPath === current) goToLast();
    },
    closeOthers: (view) => {
      tabs.closeOthers(view.fullPath);
      if (view.fullPath !== current) void navigate(view.fullPath);
    },
    closeAll: () => {
      tabs.closeAll();
      if (!useTabs.getState().visitedViews.some((view) => view.fullPath === current)) goToLast();
    },
  };
}
