import { DATA_SCOPE_CUSTOM, DATA_SCOPES, ROLE_LEVEL_MAX, ROLE_LEVEL_MIN, type Role } from '@water/contract/roles';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeptTreeSelect } from '@/components/dept-tree/dept-tree-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useCreateRole } from '../api/create-role.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { newRoleValues, type RoleFormValues, toRoleFormValues, toRoleInput } from './role-form-values.ts';
import { useScopeLabels } from './use-scope-labels.ts';

/** The server names the departments of a custom scope `depts`; the form holds their ids. */
const ROLE_FIELD_NAMES = { depts: 'deptIds' };

interface RoleFormProps {
  dialog: FormDialog<Role>;
  /** The caller's best level; anybody but an administrator gives roles only levels below it. */
  ownLevel: number | undefined;
  administrator: boolean;
}

export function RoleForm({ dialog, ownLevel, administrator }: RoleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const scopeLabel = useScopeLabels();
  const role = dialog.record;
  const scope = Form.useWatch('dataScope', form) ?? role?.dataScope;
  const minLevel = administrator || ownLevel === undefined ? ROLE_LEVEL_MIN : Math.min(ownLevel + 1, ROLE_LEVEL_MAX);
  const submit = async (values: RoleFormValues) => {
    await (role ? update.mutateAsync(toRoleInput(values, role.id)) : create.mutateAsync(toRoleInput(values)));
  };
  return (
    <FormModal<RoleFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!role}
      title={role ? t('roles.editTitle') : t('roles.addTitle')}
      form={form}
      width={640}
      initialValues={role ? toRoleFormValues(role) : newRoleValues(minLevel)}
      fieldNames={ROLE_FIELD_NAMES}
      onSubmit={submit}
      onClose={dialog.close}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('roles.name')}
            rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('roles.name') }) }]}
          >
            <Input maxLength={255} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="level"
            label={t('roles.level')}
            extra={t('roles.levelHelp', { level: minLevel })}
            rules={[{ required: true }]}
          >
            <InputNumber min={minLevel} max={ROLE_LEVEL_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="dataScope" label={t('roles.dataScope')} rules={[{ required: true }]}>
            <Select options={DATA_SCOPES.map((value) => ({ value, label: scopeLabel(value) }))} />
          </Form.Item>
        </Col>
        {scope === DATA_SCOPE_CUSTOM && (
          <Col xs={24} md={12}>
            <Form.Item
              name="deptIds"
              label={t('roles.depts')}
              extra={t('roles.deptsHelp')}
              rules={[{ required: true, message: t('list.choose', { field: t('roles.depts') }) }]}
            >
              <DeptTreeSelect multiple enabledOnly={false} treeCheckable={false} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="description" label={t('roles.description')}>
            <Input.TextArea maxLength={255} rows={3} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
