import { DICT_NAME_PATTERN, type Dict } from '@water/contract/dicts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useCreateDict } from '../api/create-dict.ts';
import { useUpdateDict } from '../api/update-dict.ts';
import { type DictFormValues, NEW_DICT, toDictFormValues, toDictInput } from './dict-form-values.ts';

const namePattern = new RegExp(DICT_NAME_PATTERN);

export function DictForm({ dialog }: { dialog: FormDialog<Dict> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictFormValues>();
  const create = useCreateDict();
  const update = useUpdateDict();
  const dict = dialog.record;
  const submit = async (values: DictFormValues) => {
    await (dict ? update.mutateAsync(toDictInput(values, dict.id)) : create.mutateAsync(toDictInput(values)));
  };
  return (
    <FormModal<DictFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!dict}
      title={dict ? t('dicts.editTitle') : t('dicts.addTitle')}
      form={form}
      initialValues={dict ? toDictFormValues(dict) : NEW_DICT}
      onSubmit={submit}
      onClose={dialog.close}
    >
      <Form.Item
        name="name"
        label={t('dicts.name')}
        extra={t('dicts.nameHelp')}
        rules={[
          { required: true, message: t('list.required', { field: t('dicts.name') }) },
          { pattern: namePattern, message: t('dicts.nameHelp') },
        ]}
      >
        <Input maxLength={255} autoFocus />
      </Form.Item>
      <Form.Item name="description" label={t('dicts.description')}>
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
