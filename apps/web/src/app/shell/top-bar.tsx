import { LogoutOutlined } from '@ant-design/icons';
import { Button, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import styles from './top-bar.module.css';
import { useLogoutConfirm } from './use-logout-confirm.ts';

export function TopBar() {
  const { t } = useTranslation();
  const { data } = useCurrentUser();
  const confirmLogout = useLogoutConfirm();
  return (
    <Layout.Header className={styles.header}>
      <div className={styles.brand}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className={styles.brandText}>{t('app.sidebarTitle')}</span>
      </div>
      <div className={styles.actions}>
        <Typography.Text className={styles.welcome}>
          {t('topBar.welcome', { name: data?.user.username ?? '' })}
        </Typography.Text>
        <LanguageSwitch />
        <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout} aria-label={t('topBar.logout')}>
          {t('topBar.logout')}
        </Button>
      </div>
    </Layout.Header>
  );
}
