import { MENU_TYPE_BUTTON, type Menu } from '@water/contract/menus';
import { Col, Form, Input, InputNumber, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { externalLinkRule } from '@/lib/form-rules.ts';
import { useCreateMenu } from '../api/create-menu.ts';
import { useUpdateMenu } from '../api/update-menu.ts';
import { IconSelect } from './icon-select.tsx';
import {
  type MenuFormValues,
  menuFieldsFor,
  newMenuValues,
  toMenuFormValues,
  toMenuInput,
} from './menu-form-values.ts';
import { MenuParentSelect } from './menu-parent-select.tsx';
import { PageKeySelect } from './page-key-select.tsx';

export interface MenuDialog {
  open: boolean;
  session: number;
  menu?: Menu;
  /** For a new menu added below a row. */
  parentId?: number;
  /** What cannot become the parent: the edited menu and what is below it. */
  excluded: number[];
  close: () => void;
}

/** The yes-or-no settings of a menu, side by side, each where its type has it. */
const SWITCHES = ['iFrame', 'cache', 'hidden'] as const;

export function MenuForm({ dialog }: { dialog: MenuDialog }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MenuFormValues>();
  const create = useCreateMenu();
  const update = useUpdateMenu();
  const { menu } = dialog;
  const type = Form.useWatch('type', form) ?? menu?.type ?? 0;
  const iFrame = Form.useWatch('iFrame', form) ?? menu?.iFrame ?? false;
  const fields = menuFieldsFor(type, iFrame);
  const submit = async (values: MenuFormValues) => {
    await (menu ? update.mutateAsync(toMenuInput(values, menu.id)) : create.mutateAsync(toMenuInput(values)));
  };
  const yesNo = { checkedChildren: t('menus.yes'), unCheckedChildren: t('menus.no') };
  return (
    <FormModal<MenuFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!menu}
      title={menu ? t('menus.editTitle') : t('menus.addTitle')}
      form={form}
      width={680}
      initialValues={menu ? toMenuFormValues(menu) : newMenuValues(dialog.parentId)}
      onSubmit={submit}
      onClose={dialog.close}
    >
      <Form.Item name="type" label={t('menus.type')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 0, label: t('menus.types.0') },
            { value: 1, label: t('menus.types.1') },
            { value: 2, label: t('menus.types.2') },
          ]}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="title"
            label={t('menus.title')}
            rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('menus.title') }) }]}
          >
            <Input maxLength={255} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="pid" label={t('menus.parent')} rules={[{ required: true }]}>
            <MenuParentSelect
              menuId={menu?.id}
              excluded={dialog.excluded}
              topLevel={t('menus.topLevel')}
              allowClear={false}
            />
          </Form.Item>
        </Col>
        {fields.has('icon') && (
          <Col xs={24} md={12}>
            <Form.Item name="icon" label={t('menus.icon')}>
              <IconSelect placeholder={t('menus.iconPlaceholder')} />
            </Form.Item>
          </Col>
        )}
        {fields.has('path') && (
          <Col xs={24} md={12}>
            <Form.Item
              name="path"
              label={t('menus.path')}
              extra={iFrame ? t('menus.linkHelp') : t('menus.pathHelp')}
              rules={[
                { required: true, whitespace: true, message: t('list.required', { field: t('menus.path') }) },
                ...(iFrame ? [externalLinkRule(t('menus.linkHelp'))] : []),
              ]}
            >
              <Input maxLength={255} />
            </Form.Item>
          </Col>
        )}
        {fields.has('component') && (
          <Col xs={24} md={12}>
            <Form.Item
              name="component"
              label={t('menus.component')}
              rules={[{ required: true, message: t('list.choose', { field: t('menus.component') }) }]}
            >
              <PageKeySelect placeholder={t('menus.componentPlaceholder')} />
            </Form.Item>
          </Col>
        )}
        {fields.has('componentName') && (
          <Col xs={24} md={12}>
            <Form.Item name="componentName" label={t('menus.componentName')} extra={t('menus.componentNameHelp')}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
        )}
        {fields.has('permission') && (
          <Col xs={24} md={12}>
            <Form.Item
              name="permission"
              label={t('menus.permission')}
              rules={type === MENU_TYPE_BUTTON ? [{ required: true, whitespace: true }] : []}
            >
              <Input maxLength={255} placeholder={t('menus.permissionPlaceholder')} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="menuSort" label={t('menus.sort')} rules={[{ required: true }]}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {SWITCHES.filter((name) => fields.has(name)).map((name) => (
          <Col key={name} xs={8}>
            <Form.Item name={name} label={t(`menus.${name}`)} valuePropName="checked">
              <Switch {...yesNo} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </FormModal>
  );
}
