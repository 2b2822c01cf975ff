import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { useAllModels } from '@/components/machines/machine-options.ts';
import { useUploadPackage } from '../api/firmware.ts';

interface UploadValues {
  modelId: number;
  version: string;
  notes?: string;
  file: UploadFile[];
}

/** Uploads a firmware package of a model: the server computes its SHA-256 and keeps the file. */
export function UploadForm({ open, session, onClose }: { open: boolean; session: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadValues>();
  const upload = useUploadPackage();
  const models = useAllModels(open);
  const required = (field: string) => [{ required: true, message: t('list.required', { field }) }];
  return (
    <FormModal<UploadValues>
      key={session}
      open={open}
      editing={false}
      title={t('firmware.upload')}
      okText={t('firmware.upload')}
      doneText={t('firmware.uploaded')}
      form={form}
      onSubmit={async (values) =>
        upload.mutateAsync({
          file: values.file[0]?.originFileObj as File,
          modelId: values.modelId,
          version: values.version.trim(),
          notes: values.notes?.trim() || undefined,
        })
      }
      onClose={onClose}
    >
      <Form.Item name="modelId" label={t('firmware.model')} rules={required(t('firmware.model'))}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={models.isLoading}
          options={(models.data ?? []).map((model) => ({ value: model.id, label: `${model.name} (${model.code})` }))}
        />
      </Form.Item>
      <Form.Item name="version" label={t('firmware.version')} rules={required(t('firmware.version'))}>
        <Input maxLength={64} placeholder="2.4.0" />
      </Form.Item>
      <Form.Item name="notes" label={t('firmware.notes')}>
        <Input.TextArea maxLength={1000} rows={3} />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('firmware.file')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={required(t('firmware.file'))}
      >
        <Upload beforeUpload={() => false} maxCount={1}>
          <Button icon={<UploadOutlined aria-hidden />}>{t('firmware.chooseFile')}</Button>
        </Upload>
      </Form.Item>
    </FormModal>
  );
}
