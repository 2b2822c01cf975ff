import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { setSettingsOpened, toggleSidebar, useLayout } from '@/lib/layout-state.ts';
import { useSession } from '@/lib/session.ts';
import { AvatarMenu } from './avatar-menu.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { SizeSwitch } from './size-switch.tsx';
import styles from './top-bar.module.css';

/** The jobs button (its count polled, its badge) is not needed for the first frame: it follows it. */
const TasksButton = lazy(() =>
  import('@/features/tasks/components/tasks-button.tsx').then((module) => ({ default: module.TasksButton })),
);

function Hamburger() {
  const { t } = useTranslation();
  const device = useLayout((state) => state.device);
  const opened = useLayout((state) => (state.device === 'mobile' ? state.drawerOpened : state.sidebarOpened));
  const label =
    device === 'mobile' ? t('topBar.openMenu') : opened ? t('topBar.collapseSidebar') : t('topBar.expandSidebar');
  return (
    <Button
      type="text"
      icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={toggleSidebar}
      aria-label={label}
      aria-expanded={opened}
    />
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const username = useSession((state) => state.user?.username ?? '');
  return (
    <header className={styles.header}>
      <Hamburger />
      <Breadcrumbs className={styles.breadcrumbs} />
      <div className={styles.actions}>
        <Typography.Text className={styles.welcome} title={username}>
          {t('topBar.welcome', { name: username })}
        </Typography.Text>
        <LanguageSwitch compact />
        <SizeSwitch />
        <Suspense fallback={<span className={styles.buttonPlace} />}>
          <TasksButton />
        </Suspense>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('topBar.settings')}
          onClick={() => setSettingsOpened(true)}
        />
        <AvatarMenu />
      </div>
    </header>
  );
}
