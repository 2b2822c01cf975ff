import type { StoredFile } from '@water/contract/storage';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useRenameFile } from '../api/rename-file.ts';

interface RenameValues {
  name: string;
}

/** The small dialog that gives a stored file a new display name (the name it downloads under). */
export function RenameForm({ dialog }: { dialog: FormDialog<StoredFile> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RenameValues>();
  const rename = useRenameFile();
  const file = dialog.record;
  return (
    <FormModal<RenameValues>
      key={dialog.session}
      open={dialog.open && !!file}
      editing
      width={440}
      title={t('storage.renameTitle')}
      form={form}
      initialValues={{ name: file?.name ?? '' }}
      onSubmit={async (values) => {
        if (file) await rename.mutateAsync({ id: file.id, name: values.name.trim() });
      }}
      onClose={dialog.close}
    >
      <Form.Item
        name="name"
        label={t('storage.name')}
        rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('storage.name') }) }]}
      >
        <Input maxLength={200} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
