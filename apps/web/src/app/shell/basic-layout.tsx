import { Layout, theme } from 'antd';
import { type CSSProperties, useEffect } from 'react';
import { useLocation } from 'react-router';
import { closeDrawer } from '@/lib/layout-state.ts';
import { useSettings } from '@/lib/settings/settings-store.ts';
import { viewFor } from '../routing/fixed-pages.ts';
import { useStartup } from '../routing/startup.ts';
import { AppMain } from './app-main.tsx';
import styles from './basic-layout.module.css';
import { SettingsDrawer } from './settings-drawer.tsx';
import { ShellFooter } from './shell-footer.tsx';
import { Sidebar } from './sidebar.tsx';
import { tabs } from './tabs/tabs-store.ts';
import { TagsView } from './tabs/tags-view.tsx';
import { TopBar } from './top-bar.tsx';
import { useDeviceWatcher } from './use-device.ts';
import { useRealtime } from './use-realtime.ts';

/** Every visit opens (or finds) its tab; on a phone the menu drawer closes. */
function useVisits(): void {
  const { pathname, search } = useLocation();
  const routes = useStartup((state) => state.table.routes);
  useEffect(() => {
    const view = viewFor(pathname, search, routes);
    if (view) tabs.add(view);
    closeDrawer();
  }, [pathname, search, routes]);
}

/** antd's tokens for the few plain CSS rules of the shell, so they follow the theme and dark mode. */
function useShellColours(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--shell-surface': token.colorBgContainer,
    '--shell-border': token.colorBorderSecondary,
    '--shell-border-strong': token.colorBorder,
    '--shell-text': token.colorText,
    '--shell-text-secondary': token.colorTextSecondary,
    '--shell-primary': token.colorPrimary,
  } as CSSProperties;
}

/** The signed-in frame: sidebar, top bar, tabs, the page, footer, and the settings drawer. */
export function BasicLayout() {
  useDeviceWatcher();
  useRealtime();
  useVisits();
  const fixedHeader = useSettings((state) => state.fixedHeader);
  const tagsView = useSettings((state) => state.tagsView);
  const showFooter = useSettings((state) => state.showFooter);
  return (
    <Layout className={styles.shell} style={useShellColours()} hasSider>
      <Sidebar />
      <Layout className={styles.main}>
        <div className={fixedHeader ? styles.fixedHeader : undefined}>
          <TopBar />
          {tagsView && <TagsView />}
        </div>
        <Layout.Content className={styles.content}>
          <main>
            <AppMain />
          </main>
        </Layout.Content>
        {showFooter && <ShellFooter />}
      </Layout>
      <SettingsDrawer />
    </Layout>
  );
}
