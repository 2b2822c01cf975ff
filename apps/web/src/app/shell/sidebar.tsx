import { Drawer, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@/lib/layout-rules.ts';
import { closeDrawer, useLayout } from '@/lib/layout-state.ts';
import { useSettings } from '@/lib/settings/settings-store.ts';
import { HOME_PATH } from '../routing/fixed-pages.ts';
import styles from './sidebar.module.css';
import { SidebarMenu } from './sidebar-menu.tsx';

function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={HOME_PATH} className={`${styles.logo} ${collapsed ? styles.collapsedLogo : ''}`}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span className={styles.logoText}>{t('app.sidebarTitle')}</span>}
    </Link>
  );
}

/** 205 px wide and foldable on a desktop; a drawer below 992 px that closes on navigation. */
export function Sidebar() {
  const { t } = useTranslation();
  const device = useLayout((state) => state.device);
  const opened = useLayout((state) => state.sidebarOpened);
  const drawerOpened = useLayout((state) => state.drawerOpened);
  const showLogo = useSettings((state) => state.sidebarLogo);

  if (device === 'mobile') {
    return (
      <Drawer
        placement="left"
        size={SIDEBAR_WIDTH}
        open={drawerOpened}
        onClose={closeDrawer}
        closable={false}
        title={null}
        styles={{ body: { padding: 0 } }}
        aria-label={t('sidebar.label')}
      >
        <nav className={styles.drawerBody} aria-label={t('sidebar.label')}>
          {showLogo && <SidebarLogo collapsed={false} />}
          <SidebarMenu collapsed={false} />
        </nav>
      </Drawer>
    );
  }

  return (
    <Layout.Sider
      className={styles.sider}
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={!opened}
      trigger={null}
      collapsible
    >
      <nav aria-label={t('sidebar.label')}>
        {showLogo && <SidebarLogo collapsed={!opened} />}
        <SidebarMenu collapsed={!opened} />
      </nav>
    </Layout.Sider>
  );
}
