import { useMediaQuery } from './media-query.ts';

/** Whether the operating system asks for less motion; follows the setting while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
