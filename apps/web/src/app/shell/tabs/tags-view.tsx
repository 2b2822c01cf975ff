import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabItem } from './tab-item.tsx';
import { scrollLeftToShow } from './tab-scroll.ts';
import { tabDetail } from './tabs-model.ts';
import { useTabs } from './tabs-store.ts';
import styles from './tags-view.module.css';
import { useTabActions } from './use-tab-actions.ts';

/** Closes the open context menu on a pointer press outside it or on Escape. */
function useMenuDismiss(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(`.${styles.menu}`)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onBlur = () => close();
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('blur', onBlur);
    };
  }, [open, close]);
}

/** The bar of visited pages (spec §2, §4): one tab per full path, pinned tabs first and unclosable. */
export function TagsView() {
  const { t } = useTranslation();
  const views = useTabs((state) => state.visitedViews);
  const actions = useTabActions();
  const bar = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLUListElement>(null);
  const [menuFor, setMenuFor] = useState<string>();
  const closeMenu = useRef(() => setMenuFor(undefined)).current;
  useMenuDismiss(menuFor !== undefined, closeMenu);

  // Only the bar scrolls sideways (scrollIntoView would also scroll the page under the sticky header).
  // Again whenever the tabs change size (titles arrive after a reload, fonts load, the bar narrows),
  // so that the current tab ends up in view after a reload or a direct URL too. Measured in the
  // observer's callbacks, which come once the browser has laid the page out (the first one as soon
  // as observing starts), so that reading the tabs' positions never forces a layout of its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect reads the tabs from the DOM, which changes with `views`.
  useEffect(() => {
    const list = scroller.current;
    const item = list?.querySelector('[aria-current="page"]')?.closest('li');
    if (!list || !item || !actions.current) return;
    let behavior: ScrollBehavior = 'smooth';
    const observer = new ResizeObserver(() => {
      const left = scrollLeftToShow(
        item.offsetLeft,
        item.offsetLeft + item.offsetWidth,
        list.scrollLeft,
        list.clientWidth,
      );
      if (left !== undefined) list.scrollTo({ left, behavior });
      behavior = 'auto';
    });
    observer.observe(list);
    observer.observe(item);
    return () => observer.disconnect();
  }, [actions.current, views]);

  return (
    <nav ref={bar} className={styles.bar} aria-label={t('tabs.label')}>
      <ul
        ref={scroller}
        className={styles.scroller}
        onWheel={(event) => {
          // A mouse wheel scrolls the tabs sideways.
          if (event.deltaX === 0 && scroller.current) scroller.current.scrollLeft += event.deltaY;
        }}
      >
        {views.map((view) => (
          <li key={view.fullPath} className={styles.item}>
            <TabItem
              view={view}
              detail={tabDetail(view, views)}
              actions={actions}
              menuOpen={menuFor === view.fullPath}
              onMenuOpenChange={(open) => setMenuFor(open ? view.fullPath : undefined)}
              menuContainer={() => bar.current ?? document.body}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
