import '@/locales/console/users-texts.ts';
import type { UserDto } from '@water/contract/auth';
import type { Job } from '@water/contract/jobs';
import type { Role } from '@water/contract/roles';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@water/contract/users';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeptTreeSelect } from '@/components/dept-tree/dept-tree-select.tsx';
import { DictRadio } from '@/components/dict-radio.tsx';
import { type EntityDescriptor, EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import { GenderRadio } from '@/components/gender.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useRoleLevel } from '@/components/roles/role-level.ts';
import { emailRule, phoneRule } from '@/lib/form-rules.ts';
import { useSeededText } from '@/lib/menu-title.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useJobOptions } from '../api/get-job-options.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { useUpdateUser } from '../api/update-user.ts';
import {
  NEW_USER,
  toUserCreateInput,
  toUserFormValues,
  toUserUpdateInput,
  type UserFormValues,
} from './user-form-values.ts';

/** The server names the references `dept`, `jobs` and `roles`; the form holds their ids. */
const USER_FIELD_NAMES = { dept: 'deptId', jobs: 'jobIds', roles: 'roleIds' };

export function UserForm({ dialog }: { dialog: FormDialog<UserDto> }) {
  const { t } = useTranslation();
  const seeded = useSeededText();
  const [form] = Form.useForm<UserFormValues>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const level = useRoleLevel();
  const user = dialog.record;
  const jobs: EntityDescriptor<Job> = {
    useEntities: useJobOptions,
    valueOf: (job) => job.id,
    labelOf: (job) => seeded(job.name),
  };
  const roles: EntityDescriptor<Role> = {
    useEntities: useRoleOptions,
    valueOf: (role) => role.id,
    labelOf: (role) => seeded(role.name),
    // Roles above the user's own level are listed, not given.
    disabledOf: (role) => level.data !== undefined && role.level < level.data,
  };

  const submit = async (values: UserFormValues) => {
    await (user
      ? update.mutateAsync(toUserUpdateInput(values, user.id))
      : create.mutateAsync(toUserCreateInput(values)));
  };
  const required = (field: string) => ({ required: true, whitespace: true, message: t('list.required', { field }) });

  return (
    <FormModal<UserFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!user}
      title={user ? t('users.editTitle') : t('users.addTitle')}
      form={form}
      width={720}
      initialValues={user ? toUserFormValues(user) : NEW_USER}
      fieldNames={USER_FIELD_NAMES}
      onSubmit={submit}
      onClose={dialog.close}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="username"
            label={t('users.username')}
            rules={[
              required(t('users.username')),
              { min: 2, max: 64, message: t('users.usernameRule') },
              { pattern: /^\S+$/, message: t('users.usernameRule') },
            ]}
          >
            <Input autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nickName" label={t('users.nickName')} rules={[required(t('users.nickName'))]}>
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('users.phone')} rules={[phoneRule(t('users.phoneRule'))]}>
            <Input maxLength={11} inputMode="tel" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('users.email')} rules={[emailRule(t('users.emailRule'))]}>
            <Input maxLength={255} inputMode="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="deptId"
            label={t('users.dept')}
            rules={[{ required: true, message: t('list.choose', { field: t('users.dept') }) }]}
          >
            <DeptTreeSelect placeholder={t('users.deptPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="jobIds" label={t('users.jobs')}>
            <EntitySelect entity={jobs} mode="multiple" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="roleIds"
            label={t('users.roles')}
            extra={t('users.rolesHelp')}
            rules={[{ required: true, message: t('list.choose', { field: t('users.roles') }) }]}
          >
            <EntitySelect entity={roles} mode="multiple" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('users.gender')}>
            <GenderRadio />
          </Form.Item>
          <Form.Item name="enabled" label={t('users.status')}>
            <DictRadio dict="user_status" />
          </Form.Item>
        </Col>
        {!user && (
          <Col xs={24}>
            <Form.Item
              name="password"
              label={t('users.initialPassword')}
              extra={t('users.initialPasswordHelp')}
              rules={[{ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: t('users.passwordRule') }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormModal>
  );
}
