/** Spec §2: a tab scrolled into view keeps this much room from the edge of the bar. */
export const TAB_SCROLL_PADDING = 4;

/**
 * Where the tab bar must scroll (its new scrollLeft) so the tab spanning `left`..`right` is
 * fully shown with the padding, or undefined when it already is.
 */
export function scrollLeftToShow(
  left: number,
  right: number,
  scrollLeft: number,
  width: number,
  padding = TAB_SCROLL_PADDING,
): number | undefined {
  if (left - padding < scrollLeft) return Math.max(0, left - padding);
  if (right + padding > scrollLeft + width) return right + padding - width;
  return undefined;
}
