import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAvatarSource } from './avatar-crop.ts';
import { AvatarCropModal } from './avatar-crop-modal.tsx';

/** The user's avatar with a button to choose a new picture, which is cropped before it is uploaded. */
export function AvatarUpload({ avatarName }: { avatarName: string | null | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [source, setSource] = useState<string>();
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);
  const close = () => setSource(undefined);
  return (
    <Flex vertical align="center" gap={12}>
      <Avatar
        size={100}
        src={avatarName ? `/avatar/${encodeURIComponent(avatarName)}` : undefined}
        icon={<UserOutlined aria-hidden />}
        alt={t('center.avatarAlt')}
      />
      <Upload
        accept="image/png,image/jpeg,image/gif"
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = checkAvatarSource(file);
          if (problem) message.error(problem === 'type' ? t('center.avatarType') : t('center.avatarSize'));
          else setSource(URL.createObjectURL(file));
          // Nothing is sent from here: the cropped picture is uploaded from the dialog.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<CameraOutlined aria-hidden />}>{t('center.avatarChange')}</Button>
      </Upload>
      <AvatarCropModal source={source} onClose={close} />
    </Flex>
  );
}
