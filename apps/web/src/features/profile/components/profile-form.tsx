import '@/locales/console/users-texts.ts';
import type { UserDto } from '@water/contract/auth';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { GenderRadio } from '@/components/gender.tsx';
import { reportFormError } from '@/lib/form-error.ts';
import { phoneRule } from '@/lib/form-rules.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { type ProfileValues, toProfileInput, toProfileValues } from './profile-values.ts';

/** Nickname, gender and phone of the signed-in user. */
export function ProfileForm({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();
  const submit = async (values: ProfileValues) => {
    try {
      await update.mutateAsync(toProfileInput(user.id, values));
      message.success(t('center.profileSaved'));
    } catch (error) {
      reportFormError(form, error);
    }
  };
  return (
    <Form<ProfileValues>
      form={form}
      name="profile"
      layout="vertical"
      initialValues={toProfileValues(user)}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 480 }}
    >
      <Form.Item
        name="nickName"
        label={t('center.nickName')}
        rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('center.nickName') }) }]}
      >
        <Input maxLength={255} autoComplete="nickname" />
      </Form.Item>
      <Form.Item name="gender" label={t('center.gender')}>
        <GenderRadio />
      </Form.Item>
      <Form.Item name="phone" label={t('center.phone')} rules={[phoneRule(t('users.phoneRule'))]}>
        <Input maxLength={11} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('list.save')}
      </Button>
    </Form>
  );
}
