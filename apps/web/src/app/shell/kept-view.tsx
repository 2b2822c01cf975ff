import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';

interface ScrollMemory {
  visible: boolean;
  windowY: number;
  elements: Map<Element, { top: number; left: number }>;
}

/**
 * Wraps a page kept alive in a hidden <Activity>: remembers where the window and the page's own
 * scroll areas were, and puts them back when the tab is shown again (hiding with display:none
 * loses scroll offsets, and the router scrolls to the top on every navigation).
 */
export function KeptView({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const memory = useRef<ScrollMemory>({ visible: false, windowY: 0, elements: new Map() });

  // Layout effects end as the view is hidden, before the router's scroll-to-top of the next page.
  useLayoutEffect(() => {
    memory.current.visible = true;
    return () => {
      memory.current.visible = false;
    };
  }, []);

  // Passive effects run after the router's layout effect has scrolled to the top: restore then.
  useEffect(() => {
    const saved = memory.current;
    for (const [element, position] of saved.elements) {
      if (!element.isConnected) {
        saved.elements.delete(element);
        continue;
      }
      element.scrollTop = position.top;
      element.scrollLeft = position.left;
    }
    if (saved.windowY > 0) window.scrollTo(0, saved.windowY);

    const onWindowScroll = () => {
      if (saved.visible) saved.windowY = window.scrollY;
    };
    const onElementScroll = (event: Event) => {
      const target = event.target;
      if (saved.visible && target instanceof Element) {
        saved.elements.set(target, { top: target.scrollTop, left: target.scrollLeft });
      }
    };
    const element = box.current;
    window.addEventListener('scroll', onWindowScroll, { passive: true });
    element?.addEventListener('scroll', onElementScroll, { capture: true, passive: true });
    return () => {
      window.removeEventListener('scroll', onWindowScroll);
      element?.removeEventListener('scroll', onElementScroll, { capture: true });
    };
  }, []);

  return <div ref={box}>{children}</div>;
}
