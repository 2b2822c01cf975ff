import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/features/auth/api/logout.ts';

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
      onOk: () => signOut('/login'),
    });
  };
}
