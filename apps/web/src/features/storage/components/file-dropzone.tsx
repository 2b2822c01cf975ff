import { InboxOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../api/upload-file.ts';

/**
 * Drop zone for several files: each is sent on its own with its progress shown. Finished uploads
 * stay listed until the next files are dropped (or dismissed): a list that shrank by itself would
 * move the table below it under the user's pointer. Refused ones stay until dismissed.
 */
export function FileDropzone() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const patch = (uid: string, change: Partial<UploadFile>) =>
    setFiles((previous) => previous.map((file) => (file.uid === uid ? { ...file, ...change } : file)));

  return (
    <Upload.Dragger
      multiple
      fileList={files}
      showUploadList={{ showRemoveIcon: true }}
      beforeUpload={(file) => {
        setFiles((previous) => [
          ...previous.filter((item) => item.status !== 'done'),
          { uid: file.uid, name: file.name, status: 'uploading', percent: 0 },
        ]);
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        const blob = file as File & { uid: string };
        uploadFile(blob, blob.name, (percent) => patch(blob.uid, { percent }))
          .then((stored) => {
            patch(blob.uid, { status: 'done', percent: 100 });
            void message.success(t('storage.uploaded', { name: stored.name }));
            onSuccess?.(stored);
          })
          // The client has shown why (kind of file, size).
          .catch((error: Error) => {
            patch(blob.uid, { status: 'error', response: t('storage.uploadFailed', { name: blob.name }) });
            onError?.(error);
          });
      }}
      onRemove={(file) => {
        setFiles((previous) => previous.filter((item) => item.uid !== file.uid));
        return true;
      }}
      style={{ padding: '4px 8px' }}
    >
      <p className="ant-upload-drag-icon" style={{ marginBottom: 8 }}>
        <InboxOutlined aria-hidden />
      </p>
      <p className="ant-upload-text">{t('storage.dropTitle')}</p>
      <p className="ant-upload-hint">{t('storage.dropHint')}</p>
    </Upload.Dragger>
  );
}
