import type { Dict, DictDetail } from '@water/contract/dicts';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useCreateDictDetail } from '../api/create-dict-detail.ts';
import { useUpdateDictDetail } from '../api/update-dict-detail.ts';
import {
  type DictDetailFormValues,
  newDictDetailValues,
  toDictDetailFormValues,
  toDictDetailInput,
} from './dict-form-values.ts';

interface DictDetailFormProps {
  dict: Dict;
  dialog: FormDialog<DictDetail>;
  /** The entries shown, so a new one is placed after them. */
  shown: readonly DictDetail[];
}

export function DictDetailForm({ dict, dialog, shown }: DictDetailFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictDetailFormValues>();
  const create = useCreateDictDetail();
  const update = useUpdateDictDetail();
  const detail = dialog.record;
  const submit = async (values: DictDetailFormValues) => {
    await (detail
      ? update.mutateAsync(toDictDetailInput(values, dict.id, detail.id))
      : create.mutateAsync(toDictDetailInput(values, dict.id)));
  };
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('list.required', { field }),
  });
  return (
    <FormModal<DictDetailFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!detail}
      title={detail ? t('dicts.editEntryTitle', { name: dict.name }) : t('dicts.addEntryTitle', { name: dict.name })}
      form={form}
      initialValues={detail ? toDictDetailFormValues(detail) : newDictDetailValues(shown)}
      onSubmit={submit}
      onClose={dialog.close}
    >
      <Form.Item name="label" label={t('dicts.entryLabel')} rules={[required(t('dicts.entryLabel'))]}>
        <Input maxLength={255} autoFocus />
      </Form.Item>
      <Form.Item name="value" label={t('dicts.entryValue')} rules={[required(t('dicts.entryValue'))]}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="dictSort" label={t('dicts.entrySort')} rules={[{ required: true }]}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
