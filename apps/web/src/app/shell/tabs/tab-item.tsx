import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMenuTitle } from '@/lib/menu-title.ts';
import type { VisitedView } from './tabs-model.ts';
import styles from './tags-view.module.css';
import type { TabActions } from './use-tab-actions.ts';

/** Spec §2: the tab context menu is 105 px wide. */
const CONTEXT_MENU_WIDTH = 105;

interface TabItemProps {
  view: VisitedView;
  /** Tells this tab apart from another tab of the same page (its query). */
  detail?: string;
  actions: TabActions;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  menuContainer: () => HTMLElement;
}

/** One tab: a link, a close button unless pinned, and a context menu (right click, or Shift+F10). */
export function TabItem({ view, detail, actions, menuOpen, onMenuOpenChange, menuContainer }: TabItemProps) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const active = view.fullPath === actions.current;
  const title = detail ? `${menuTitle(view.title)} · ${detail}` : menuTitle(view.title);
  const choose = (key: string) => {
    onMenuOpenChange(false);
    if (key === 'refresh') actions.refresh(view);
    else if (key === 'close') actions.close(view);
    else if (key === 'closeOthers') actions.closeOthers(view);
    else actions.closeAll();
  };
  return (
    <Dropdown
      // Opened by the tab's own handler and anchored to the tab (not the pointer), so it neither
      // drifts nor closes when the page scrolls; it lives inside the sticky bar.
      trigger={[]}
      open={menuOpen}
      autoFocus
      getPopupContainer={menuContainer}
      classNames={{ root: styles.menu }}
      styles={{
        root: { width: CONTEXT_MENU_WIDTH, minWidth: CONTEXT_MENU_WIDTH },
        item: { fontSize: 12, paddingInline: 12 },
      }}
      menu={{
        items: [
          { key: 'refresh', label: t('tabs.refresh') },
          { key: 'close', label: t('tabs.close'), disabled: view.affix },
          { key: 'closeOthers', label: t('tabs.closeOthers') },
          { key: 'closeAll', label: t('tabs.closeAll') },
        ],
        onClick: ({ key }) => choose(key),
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: shortcuts only; the link and the close button are the controls, and Shift+F10 on the link opens the menu. */}
      <span
        className={`${styles.tag} ${active ? styles.active : ''}`}
        onContextMenu={(event) => {
          event.preventDefault();
          onMenuOpenChange(true);
        }}
        onAuxClick={(event) => {
          // A middle click closes the tab, as in a browser.
          if (event.button === 1 && !view.affix) {
            event.preventDefault();
            actions.close(view);
          }
        }}
      >
        <Link className={styles.link} to={view.fullPath} aria-current={active ? 'page' : undefined}>
          {title}
        </Link>
        {!view.affix && (
          <button
            type="button"
            className={styles.close}
            aria-label={t('tabs.closeTab', { title })}
            onClick={() => actions.close(view)}
          >
            <CloseOutlined />
          </button>
        )}
      </span>
    </Dropdown>
  );
}
