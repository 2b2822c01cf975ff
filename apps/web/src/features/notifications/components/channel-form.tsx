import {
  CHANNEL_KINDS,
  DEFAULT_DIGEST_SECONDS,
  DEFAULT_RATE_PER_MINUTE,
  MESSAGE_LANGUAGES,
  type NotifyChannel,
  type NotifyChannelInput,
} from '@water/contract/notifications';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useSaveChannel } from '../api/notifications.ts';

/**
 * Adds or edits a channel. The address of a robot holds its key and the secret signs: the server
 * answers neither, so on an edit both stay empty and are kept unless typed again.
 */
export function ChannelForm({ dialog }: { dialog: FormDialog<NotifyChannel> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NotifyChannelInput>();
  const save = useSaveChannel();
  const channel = dialog.record;
  const kind = Form.useWatch('kind', form) ?? channel?.kind ?? 'WECOM';
  const required = (field: string) => [{ required: true, message: t('list.required', { field }) }];
  const targetLabel = kind === 'EMAIL' ? t('notifications.targetEmail') : t('notifications.targetUrl');
  return (
    <FormModal<NotifyChannelInput>
      key={dialog.session}
      open={dialog.open}
      editing={channel !== undefined}
      title={channel ? t('notifications.editChannel', { name: channel.name }) : t('notifications.addChannel')}
      form={form}
      initialValues={
        channel
          ? { ...channel, target: '', secret: undefined }
          : {
              kind: 'WECOM',
              language: 'zh',
              ratePerMinute: DEFAULT_RATE_PER_MINUTE,
              digestSeconds: DEFAULT_DIGEST_SECONDS,
              enabled: true,
            }
      }
      onSubmit={(values) =>
        save.mutateAsync({
          id: channel?.id,
          input: {
            ...values,
            name: values.name.trim(),
            target: values.target?.trim() || undefined,
            secret: values.secret || undefined,
          },
        })
      }
      onClose={dialog.close}
    >
      <Form.Item name="name" label={t('notifications.name')} rules={required(t('notifications.name'))}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={t('notifications.kind')} rules={required(t('notifications.kind'))}>
        <Select options={CHANNEL_KINDS.map((value) => ({ value, label: t(`notifications.kinds.${value}`) }))} />
      </Form.Item>
      <Form.Item
        name="target"
        label={targetLabel}
        rules={channel ? [] : required(targetLabel)}
        extra={channel ? t('notifications.targetKept', { masked: channel.target }) : undefined}
      >
        <Input maxLength={1000} autoComplete="off" />
      </Form.Item>
      {kind !== 'EMAIL' && (
        <Form.Item
          name="secret"
          label={t('notifications.secret')}
          extra={channel?.secretSet ? t('notifications.secretKept') : undefined}
        >
          <Input.Password maxLength={256} autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item name="language" label={t('notifications.language')}>
        <Select options={MESSAGE_LANGUAGES.map((value) => ({ value, label: t(`notifications.languages.${value}`) }))} />
      </Form.Item>
      <Form.Item
        name="ratePerMinute"
        label={t('notifications.ratePerMinute')}
        rules={required(t('notifications.ratePerMinute'))}
      >
        <InputNumber min={1} max={600} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="digestSeconds"
        label={t('notifications.digestSeconds')}
        rules={required(t('notifications.digestSeconds'))}
      >
        <InputNumber min={0} max={600} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('notifications.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
