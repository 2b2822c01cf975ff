import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../../features/auth/api/logout.ts';
import { restartSignedOut } from '../../lib/session.ts';

/** Asks first; then ends the session locally even when the server cannot be reached. */
export function useLogoutConfirm(): () => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return () => {
    modal.confirm({
      title: t('topBar.logoutTitle'),
      content: t('topBar.logoutConfirm'),
      okText: t('topBar.confirm'),
      cancelText: t('topBar.cancel'),
      onOk: async () => {
        await logout().catch(() => undefined);
        restartSignedOut('/login');
      },
    });
  };
}
