import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session.ts';
import { useLogoutConfirm } from './use-logout-confirm.ts';

/** `/avatar/<name>` when the user has uploaded one; antd's user icon otherwise. */
export function avatarUrl(avatarName: string | null | undefined): string | undefined {
  return avatarName ? `/avatar/${encodeURIComponent(avatarName)}` : undefined;
}

export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmLogout = useLogoutConfirm();
  const user = useSession((state) => state.user);
  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: t('topBar.personalCenter') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('topBar.logout') },
  ];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'center') void navigate('/user/center');
          else confirmLogout();
        },
      }}
    >
      <Button type="text" aria-label={t('topBar.account')} style={{ paddingInline: 4, height: 'auto' }}>
        <Avatar size={30} src={avatarUrl(user?.avatarName)} icon={<UserOutlined />} alt="" />
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
