import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { TasksButton } from '@/features/tasks/components/tasks-drawer.tsx';
import { setSettingsOpened, toggleSidebar, useLayout } from '@/lib/layout-state.ts';
import { useSession } from '@/lib/session.ts';
import { AvatarMenu } from './avatar-menu.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { SizeSwitch } from './size-switch.tsx';
import styles from './top-bar.module.css';

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
      <span className={styles.spacer} />
      <div className={styles.actions}>
        <Typography.Text className={styles.welcome}>{t('topBar.welcome', { name: username })}</Typography.Text>
        <LanguageSwitch compact />
        <SizeSwitch />
        <TasksButton />
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
