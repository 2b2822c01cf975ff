import '@/locales/console/users-texts.ts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/new-password-fields.tsx';
import { reportFormError } from '@/lib/form-error.ts';
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
      <NewPasswordFields
        name="newPass"
        password={{
          label: t('center.newPass'),
          help: t('center.newPassHelp'),
          required: t('list.required', { field: t('center.newPass') }),
          length: t('users.passwordRule'),
        }}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value === getFieldValue('oldPass')) throw new Error(t('center.samePassword'));
            },
          }),
        ]}
        confirm={{
          label: t('center.confirmPass'),
          required: t('list.required', { field: t('center.confirmPass') }),
          mismatch: t('center.passwordMismatch'),
        }}
      />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {submitText ?? t('center.changePassword')}
      </Button>
    </Form>
  );
}
