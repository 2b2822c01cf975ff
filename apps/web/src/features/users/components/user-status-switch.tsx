import '@/locales/console/users-texts.ts';
import type { UserDto } from '@water/contract/auth';
import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/components/permission.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { withEnabled } from './user-form-values.ts';

interface UserStatusSwitchProps {
  user: UserDto;
  /** False for the caller's own account and for users above the caller's level. */
  editable: boolean;
}

/** Enables or disables a user from the table, after asking; a label for those who may not change it. */
export function UserStatusSwitch({ user, editable }: UserStatusSwitchProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const can = usePermission();
  const update = useUpdateUser('all');
  if (!can(['user:edit'])) return <StatusTag dict="user_status" enabled={user.enabled} />;
  const name = user.nickName || user.username;
  const toggle = (enabled: boolean) =>
    confirm({
      title: enabled ? t('users.enableTitle', { name }) : t('users.disableTitle', { name }),
      content: enabled ? t('users.enableContent') : t('users.disableContent'),
      okText: enabled ? t('users.enable') : t('users.disable'),
      danger: !enabled,
      onConfirm: async () => {
        await update.mutateAsync(withEnabled(user, enabled));
        message.success(t('users.statusChanged'));
      },
    });
  return (
    <Switch
      checked={user.enabled}
      disabled={!editable}
      loading={update.isPending}
      onChange={toggle}
      aria-label={t('users.statusOf', { name: user.username })}
    />
  );
}
