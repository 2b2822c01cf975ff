import '@/locales/console/users-texts.ts';
import type { UserDto } from '@water/contract/auth';
import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/lib/form-error.ts';
import { emailRule } from '@/lib/form-rules.ts';
import { useCountdown } from '@/lib/use-countdown.ts';
import { useSendEmailCode } from '../api/send-email-code.ts';
import { useUpdateEmail } from '../api/update-email.ts';

interface EmailValues {
  email: string;
  code: string;
  password: string;
}

/** The server sends one code per address per minute. */
const RESEND_SECONDS = 60;

/** A new e-mail address, confirmed by a code sent to it and by the current password. */
export function EmailForm({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EmailValues>();
  const send = useSendEmailCode();
  const update = useUpdateEmail();
  const [wait, startWait] = useCountdown();

  const sendCode = async () => {
    try {
      const { email } = await form.validateFields(['email']);
      await send.mutateAsync(email.trim());
      startWait(RESEND_SECONDS);
      message.success(t('center.codeSent'));
    } catch (error) {
      // A field that does not validate shows its message already.
      if (!(error && typeof error === 'object' && 'errorFields' in error)) {
        reportFormError(form, error);
      }
    }
  };
  const submit = async (values: EmailValues) => {
    try {
      await update.mutateAsync({ code: values.code.trim(), email: values.email.trim(), password: values.password });
      form.resetFields();
      message.success(t('center.emailSaved'));
    } catch (error) {
      reportFormError(form, error);
    }
  };

  return (
    <Form<EmailValues>
      form={form}
      name="email"
      layout="vertical"
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 480 }}
    >
      <Typography.Paragraph type="secondary">
        {t('center.emailCurrent', { email: user.email || t('center.none') })}
      </Typography.Paragraph>
      <Form.Item label={t('center.newEmail')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="email"
            noStyle
            rules={[
              { required: true, message: t('list.required', { field: t('center.newEmail') }) },
              emailRule(t('users.emailRule')),
            ]}
          >
            <Input aria-label={t('center.newEmail')} inputMode="email" autoComplete="email" />
          </Form.Item>
          <Button onClick={() => void sendCode()} loading={send.isPending} disabled={wait > 0}>
            {wait > 0 ? t('center.resendIn', { seconds: wait }) : t('center.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="code"
        label={t('center.code')}
        extra={t('center.codeHelp')}
        rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('center.code') }) }]}
      >
        <Input maxLength={16} autoComplete="one-time-code" inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('center.currentPassword')}
        rules={[{ required: true, message: t('list.required', { field: t('center.currentPassword') }) }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('center.changeEmail')}
      </Button>
    </Form>
  );
}
