import '@/locales/console/users-texts.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@water/contract/users';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/lib/form-error.ts';
import { sameAsRule } from '@/lib/form-rules.ts';
import { useUpdatePassword } from '../api/update-password.ts';

interface PasswordValues {
  oldPass: string;
  newPass: string;
  confirm: string;
}

interface PasswordFormProps {
  /** Called once the new password is stored; the other sessions of the user have ended. */
  onChanged: () => void;
  submitText?: string;
  autoFocus?: boolean;
}

/** Current password, new password twice. Used in the personal center and at a required change. */
export function PasswordForm({ onChanged, submitText, autoFocus }: PasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdatePassword();
  const submit = async ({ oldPass, newPass }: PasswordValues) => {
    try {
      await update.mutateAsync({ oldPass, newPass });
      form.resetFields();
      onChanged();
    } catch (error) {
      reportFormError(form, error);
    }
  };
  return (
    <Form<PasswordValues>
      form={form}
      name="password"
      layout="vertical"
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 480 }}
    >
      <Form.Item
        name="oldPass"
        label={t('center.oldPass')}
        rules={[{ required: true, message: t('list.required', { field: t('center.oldPass') }) }]}
      >
        <Input.Password autoComplete="current-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        name="newPass"
        label={t('center.newPass')}
        extra={t('center.newPassHelp')}
        rules={[
          { required: true, message: t('list.required', { field: t('center.newPass') }) },
          { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: t('users.passwordRule') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value === getFieldValue('oldPass')) throw new Error(t('center.samePassword'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('center.confirmPass')}
        dependencies={['newPass']}
        rules={[
          { required: true, message: t('list.required', { field: t('center.confirmPass') }) },
          sameAsRule('newPass', t('center.passwordMismatch')),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {submitText ?? t('center.changePassword')}
      </Button>
    </Form>
  );
}
