import { useLocation, useNavigate } from 'react-router';

/**
 * Query parameters that open one record's detail over its list (`/business/machines?machine=12`).
 * The address can be shared and bookmarked; it is not part of the tab, so the list's tab keeps
 * the list as it was while a detail opens and closes over it.
 */
export const DETAIL_PARAMS = ['machine'] as const;
export type DetailParam = (typeof DETAIL_PARAMS)[number];

/** The query without its detail parameters (`?page=2&machine=12` → `?page=2`); unchanged when it has none. */
export function withoutDetail(search: string): string {
  const params = new URLSearchParams(search);
  if (!DETAIL_PARAMS.some((name) => params.has(name))) return search;
  for (const name of DETAIL_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The address of a record's detail on a list's page: `/business/machines?machine=12`. */
export function detailHref(pathname: string, search: string, name: DetailParam, value: string | number): string {
  const params = new URLSearchParams(withoutDetail(search));
  params.set(name, String(value));
  return `${pathname}?${params.toString()}`;
}

/** What the page's own navigation leaves in the history entry of a detail it opened. */
interface OpenedHere {
  detailOpenedOver?: string;
}

export interface DetailLink {
  /** The record whose detail the address names, as written there; none while the list shows alone. */
  value: string | undefined;
  /** Opens a record's detail: a new history entry, so Back closes it. */
  open: (value: string | number) => void;
  /** Back to the list's address: the entry before when the page opened the detail, else in place of it. */
  close: () => void;
  /** The absolute address of a record's detail, to copy and share. */
  href: (value: string | number) => string;
}

/** A list page's detail, kept in its address under `name`. */
export function useDetailLink(name: DetailParam): DetailLink {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const listAddress = pathname + withoutDetail(search);
  return {
    value: new URLSearchParams(search).get(name) ?? undefined,
    open: (value) => {
      const opened: OpenedHere = { detailOpenedOver: listAddress };
      void navigate(detailHref(pathname, search, name, value), { state: opened });
    },
    close: () => {
      if ((state as OpenedHere | null)?.detailOpenedOver === listAddress) void navigate(-1);
      else void navigate(listAddress, { replace: true });
    },
    href: (value) => window.location.origin + detailHref(pathname, search, name, value),
  };
}
