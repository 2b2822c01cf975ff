import { useCallback, useSyncExternalStore } from 'react';

/** A phone's screen: below antd's `sm` breakpoint, where lists show cards and filters fold away. */
export const PHONE_SCREEN = '(max-width: 575px)';

/** Whether the CSS media query matches; follows the screen (or setting) while the page is open. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia?.(query);
      media?.addEventListener('change', onChange);
      return () => media?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** Whether the console is on a phone's screen (see `PHONE_SCREEN`). */
export function usePhoneScreen(): boolean {
  return useMediaQuery(PHONE_SCREEN);
}
