import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What `open` leaves in the history entry it adds: closing then goes back rather than forward. */
interface OpenedHere {
  detailOver?: string;
}

/** The record named in an address's fragment (`#order=202611…`), when `valid` takes it. */
export function detailIn(hash: string, name: string, valid: (value: string) => boolean): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(name);
  return value !== null && valid(value) ? value : undefined;
}

/**
 * The record a list page shows in a drawer, kept in the page's address (`/business/orders#order=…`)
 * so that it can be shared or bookmarked: opening that address opens the record; closing it comes
 * back to the list's own address. The fragment leaves the page's tab (one per path and query) and
 * its list as they were.
 */
export function useDetailAddress(
  name: string,
  valid: (value: string) => boolean,
): { shown: string | undefined; open: (value: string) => void; close: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  // The page's own address: a page kept in a hidden tab ignores the records other tabs show.
  const [own] = useState(() => location.pathname + location.search);
  const here = location.pathname + location.search === own;
  const shown = here ? detailIn(location.hash, name, valid) : undefined;
  const openedHere = (location.state as OpenedHere | null)?.detailOver === own;
  const open = useCallback(
    (value: string) =>
      void navigate(`${own}#${name}=${encodeURIComponent(value)}`, {
        replace: openedHere,
        state: { detailOver: own } satisfies OpenedHere,
      }),
    [navigate, own, name, openedHere],
  );
  const close = useCallback(() => {
    if (openedHere) void navigate(-1);
    else void navigate(own, { replace: true });
  }, [navigate, own, openedHere]);
  return { shown, open, close };
}
