import { UploadOutlined } from '@ant-design/icons';
import { ARTIFACT_EXTENSIONS, type ArtifactKind } from '@water/contract/artifacts';
import { Button, Form, Input, Progress, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useUploadArtifact } from '../api/upload-artifact.ts';

interface UploadValues {
  file: UploadFile[];
  notes?: string;
}

const NOTES_MAX = 500;

/** The list of chosen files an antd Upload reports, as the form's value. */
const chosenFiles = (event: { fileList: UploadFile[] } | UploadFile[]) =>
  Array.isArray(event) ? event : event.fileList;

/**
 * Uploads one package or script as the next version of its name, with notes for whoever deploys
 * it; shows how much is sent. The file is only kept: nothing on the server runs it.
 */
export function UploadArtifactForm({ dialog, kind }: { dialog: FormDialog<never>; kind: ArtifactKind }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadValues>();
  const upload = useUploadArtifact();
  const [percent, setPercent] = useState<number>();
  const extensions = ARTIFACT_EXTENSIONS[kind];
  return (
    <FormModal<UploadValues>
      key={dialog.session}
      open={dialog.open}
      editing={false}
      width={520}
      title={t(`operations.uploadTitle.${kind}`)}
      okText={t('operations.upload')}
      doneText={t('operations.uploaded')}
      form={form}
      initialValues={{ file: [], notes: '' }}
      onSubmit={async (values) => {
        const file = values.file[0]?.originFileObj;
        if (!file) return;
        setPercent(0);
        try {
          await upload.mutateAsync({ kind, file, notes: values.notes?.trim() || undefined, onProgress: setPercent });
        } finally {
          setPercent(undefined);
        }
      }}
      onClose={dialog.close}
    >
      <Form.Item
        name="file"
        label={t('operations.file')}
        valuePropName="fileList"
        getValueFromEvent={chosenFiles}
        extra={t('operations.accepts', { extensions: extensions.map((extension) => `.${extension}`).join(', ') })}
        rules={[
          {
            validator: (_, value: UploadFile[] | undefined) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(t('operations.chooseFile'))),
          },
        ]}
      >
        {/* Kept in the form until OK: sent by the dialog, not when chosen. */}
        <Upload
          beforeUpload={() => false}
          maxCount={1}
          accept={extensions.map((extension) => `.${extension}`).join(',')}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('operations.chooseFile')}</Button>
        </Upload>
      </Form.Item>
      <Form.Item name="notes" label={t('operations.notes')}>
        <Input.TextArea
          rows={3}
          maxLength={NOTES_MAX}
          showCount
          placeholder={t(`operations.notesPlaceholder.${kind}`)}
        />
      </Form.Item>
      {percent !== undefined && <Progress percent={percent} size="small" aria-label={t('operations.sending')} />}
    </FormModal>
  );
}
