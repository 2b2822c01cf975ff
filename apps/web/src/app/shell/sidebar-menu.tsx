import { HomeOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '@/lib/menu-icons.tsx';
import { useMenuTitle } from '@/lib/menu-title.ts';
import type { SidebarItem } from '@/lib/menus-to-routes.ts';
import { useSettings } from '@/lib/settings/settings-store.ts';
import { HOME_PATH } from '../routing/fixed-pages.ts';
import { useStartup } from '../routing/startup.ts';
import styles from './sidebar.module.css';
import { nextOpenKeys, openKeysFor } from './sidebar-keys.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

function toMenuItem(item: SidebarItem, title: (raw: string) => string, newTab: string): MenuItem {
  const icon = <MenuIcon name={item.icon} />;
  const label = title(item.title);
  if (item.children) {
    return { key: item.key, icon, label, children: item.children.map((child) => toMenuItem(child, title, newTab)) };
  }
  return {
    key: item.key,
    icon,
    label: item.external ? (
      <a href={item.key} target="_blank" rel="noopener noreferrer" title={`${label} (${newTab})`}>
        {label}
      </a>
    ) : (
      <Link to={item.key}>{label}</Link>
    ),
  };
}

/** The permission-filtered menu the server sent, under a Home entry. */
export function SidebarMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebar = useStartup((state) => state.table.sidebar);
  const uniqueOpened = useSettings((state) => state.uniqueOpened);
  const [openKeys, setOpenKeys] = useState(() => openKeysFor(sidebar, pathname));

  // Arriving at a page by any means (a tab, a link) opens the directories above it; a page at the
  // top level (Home) leaves open whatever the user opened.
  useEffect(() => {
    const needed = openKeysFor(sidebar, pathname);
    if (needed.length === 0) return;
    setOpenKeys((open) => (uniqueOpened ? needed : [...new Set([...open, ...needed])]));
  }, [sidebar, pathname, uniqueOpened]);

  const items = useMemo<MenuItem[]>(
    () => [
      { key: HOME_PATH, icon: <HomeOutlined />, label: <Link to={HOME_PATH}>{menuTitle('Home')}</Link> },
      ...sidebar.map((item) => toMenuItem(item, menuTitle, t('sidebar.newTab'))),
    ],
    [sidebar, menuTitle, t],
  );

  return (
    <Menu
      className={styles.menu}
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={[pathname]}
      // Folded to icons, submenus pop out instead; the open keys come back when it unfolds.
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={(keys) => setOpenKeys(nextOpenKeys(openKeys, keys, uniqueOpened))}
      onClick={({ key, domEvent }) => {
        // Mouse clicks follow the link inside the item; the keyboard activates the item itself.
        if (domEvent.type !== 'keydown') return;
        if (/^(https?:|mailto:|tel:)/.test(key)) window.open(key, '_blank', 'noopener,noreferrer');
        else void navigate(key);
      }}
    />
  );
}
