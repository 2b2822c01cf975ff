/** A tab of the tab bar (spec §3 "visited view"): one per full path, query included. */
export interface VisitedView {
  /** Path and query, e.g. `/system/user?page=2`: what identifies the tab. */
  fullPath: string;
  /** Path without the query. */
  path: string;
  /** Raw title (menu title as sent by the server, or a fixed page's English title); translated when shown. */
  title: string;
  /** Pinned: cannot be closed. */
  affix?: boolean;
  noCache?: boolean;
}

export interface TabsState {
  visitedViews: VisitedView[];
  /** Full paths whose pages stay mounted while hidden, least recently used first. */
  cachedViews: string[];
}

/** DESIGN §6: at most this many pages keep their state; the least recently used one is dropped. */
export const MAX_CACHED_VIEWS = 10;

/** Adds the tab unless one with the same full path is there already. */
export function addVisitedView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  if (views.some((existing) => existing.fullPath === view.fullPath)) return [...views];
  return [...views, view];
}

/**
 * Adds the page to the cached views unless it is marked noCache; a page already there becomes
 * the most recently used one. Over the limit, the least recently used page is dropped.
 */
export function addCachedView(cached: readonly string[], view: VisitedView, max = MAX_CACHED_VIEWS): string[] {
  if (view.noCache) return [...cached];
  const next = [...cached.filter((fullPath) => fullPath !== view.fullPath), view.fullPath];
  return next.slice(Math.max(0, next.length - max));
}

/** Opens the tab and caches the page; the very same state when both were there already, so that nothing renders again. */
export function addView(state: TabsState, view: VisitedView): TabsState {
  const visitedViews = addVisitedView(state.visitedViews, view);
  const cachedViews = addCachedView(state.cachedViews, view);
  const unchanged =
    visitedViews.length === state.visitedViews.length &&
    cachedViews.length === state.cachedViews.length &&
    cachedViews.every((fullPath, index) => fullPath === state.cachedViews[index]);
  return unchanged ? state : { visitedViews, cachedViews };
}

export function closeView(state: TabsState, fullPath: string): TabsState {
  return {
    visitedViews: state.visitedViews.filter((view) => view.affix || view.fullPath !== fullPath),
    cachedViews: state.cachedViews.filter((cached) => cached !== fullPath),
  };
}

export function closeOtherViews(state: TabsState, fullPath: string): TabsState {
  return {
    visitedViews: state.visitedViews.filter((view) => view.affix || view.fullPath === fullPath),
    cachedViews: state.cachedViews.filter((cached) => cached === fullPath),
  };
}

/** Closes every tab but the pinned ones, and lets every page go. */
export function closeAllViews(state: TabsState): TabsState {
  const kept = state.visitedViews.filter((view) => view.affix);
  return {
    visitedViews: kept,
    cachedViews: state.cachedViews.filter((cached) => kept.some((view) => view.fullPath === cached)),
  };
}

/** Lets the page go so that it mounts afresh on its next visit (the Refresh action). */
export function dropCachedView(state: TabsState, fullPath: string): TabsState {
  return { ...state, cachedViews: state.cachedViews.filter((cached) => cached !== fullPath) };
}

/** Updates the tabs whose path (without query) is the view's path, e.g. a new title. */
export function updateVisitedView(state: TabsState, view: Partial<VisitedView> & { path: string }): TabsState {
  return {
    ...state,
    visitedViews: state.visitedViews.map((existing) =>
      existing.path === view.path ? { ...existing, ...view, fullPath: existing.fullPath } : existing,
    ),
  };
}

/** Where to go after the current tab is closed: the last tab left, else home. */
export function lastViewPath(views: readonly VisitedView[], home = '/dashboard'): string {
  return views.at(-1)?.fullPath ?? home;
}

/** The pinned tabs first, then the stored ones that are not pinned, duplicates removed. */
export function withAffixViews(affix: readonly VisitedView[], stored: readonly VisitedView[]): VisitedView[] {
  let views = [...affix];
  for (const view of stored) {
    if (affix.some((pinned) => pinned.fullPath === view.fullPath)) continue;
    views = addVisitedView(views, { ...view, affix: false });
  }
  return views;
}

/**
 * What tells a tab apart from another tab of the same page (`/system/dict` and
 * `/system/dict?x=1`): its query, decoded; nothing when no other tab shows the same page.
 */
export function tabDetail(view: VisitedView, views: readonly VisitedView[]): string | undefined {
  const query = view.fullPath.slice(view.path.length).replace(/^\?/, '');
  if (!query || !views.some((other) => other !== view && other.path === view.path)) return undefined;
  try {
    return decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return query;
  }
}
