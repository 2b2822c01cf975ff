import type { Dept } from '@water/contract/depts';
import { deptsLocales } from '@water/contract/texts/depts';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeptTreeSelect } from '@/components/dept-tree/dept-tree-select.tsx';
import { DictRadio } from '@/components/dict-radio.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useCreateDept } from '../api/create-dept.ts';
import { useUpdateDept } from '../api/update-dept.ts';
import { type DeptFormValues, newDeptValues, toDeptFormValues, toDeptInput } from './dept-form-values.ts';

addPageTexts('depts', deptsLocales);

export interface DeptDialog {
  open: boolean;
  session: number;
  /** The department being edited. */
  dept?: Dept;
  /** For a new department: its parent, when added below a row. */
  parentId?: number;
  /** Departments that cannot become the parent: the edited one and what is below it. */
  excluded: number[];
  close: () => void;
}

export function DeptForm({ dialog }: { dialog: DeptDialog }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeptFormValues>();
  const create = useCreateDept();
  const update = useUpdateDept();
  const { dept } = dialog;
  const submit = async (values: DeptFormValues) => {
    if (dept) await update.mutateAsync(toDeptInput(values, dept.id));
    else await create.mutateAsync(toDeptInput(values));
  };
  return (
    <FormModal<DeptFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!dept}
      title={dept ? t('depts.editTitle') : t('depts.addTitle')}
      form={form}
      initialValues={dept ? toDeptFormValues(dept) : newDeptValues(dialog.parentId)}
      onSubmit={submit}
      onClose={dialog.close}
    >
      <Form.Item
        name="name"
        label={t('depts.name')}
        rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('depts.name') }) }]}
      >
        <Input maxLength={255} autoFocus />
      </Form.Item>
      <Form.Item name="pid" label={t('depts.parent')} rules={[{ required: true }]}>
        <DeptTreeSelect
          enabledOnly={false}
          excluded={dialog.excluded}
          rootOption={t('depts.topLevel')}
          allowClear={false}
        />
      </Form.Item>
      <Form.Item name="deptSort" label={t('depts.sort')} rules={[{ required: true }]}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('depts.status')}>
        <DictRadio dict="dept_status" />
      </Form.Item>
    </FormModal>
  );
}
