import type { CSSProperties } from 'react';

/** Visually hidden, still read and listed in the page outline. */
const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * The page's name as its heading, for screen readers and the page outline. The tab and the
 * breadcrumb already show it, so it takes no room on screen.
 */
export function PageHeading({ title }: { title: string }) {
  return <h2 style={hidden}>{title}</h2>;
}
