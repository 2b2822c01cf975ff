import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicture } from '../api/upload-picture.ts';

/** The image types the server stores as pictures. */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp';

interface ImagesFieldProps {
  /** The addresses of the images, as stored. */
  value?: string[];
  onChange?: (value: string[]) => void;
  max: number;
  disabled?: boolean;
  id?: string;
}

const uidOf = (index: number, url: string) => `${index}:${url}`;

/** A form field of image addresses: each upload goes to the picture store and adds its address. */
export function ImagesField({ value = [], onChange, max, disabled, id }: ImagesFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  // Several uploads may end in any order: each adds to the list as it is then.
  const latest = useRef(value);
  latest.current = value;

  const fileList: UploadFile[] = value.map((url, index) => ({
    uid: uidOf(index, url),
    name: t('globalSettings.imageAlt', { title: t('globalSettings.publicity'), index: index + 1 }),
    status: 'done',
    url,
    thumbUrl: url,
  }));
  const full = value.length + uploading >= max;

  return (
    <Upload
      id={id}
      listType="picture-card"
      accept={ACCEPT}
      multiple
      disabled={disabled}
      fileList={fileList}
      showUploadList={{ showPreviewIcon: false }}
      beforeUpload={(file) => {
        if (!file.type.startsWith('image/')) {
          void message.error(t('globalSettings.notImage'));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        if (latest.current.length + uploading >= max) return;
        setUploading((count) => count + 1);
        const blob = file as File;
        uploadPicture(blob, blob.name)
          .then((stored) => {
            onChange?.([...latest.current, stored.url].slice(0, max));
            onSuccess?.(stored);
          })
          // The client has shown why (not an image, too large).
          .catch((error: Error) => onError?.(error))
          .finally(() => setUploading((count) => count - 1));
      }}
      onRemove={(file) => {
        onChange?.(latest.current.filter((url, index) => uidOf(index, url) !== file.uid));
        return true;
      }}
    >
      {!full && !disabled && (
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
          {uploading > 0 ? <LoadingOutlined /> : <PlusOutlined />}
          <span>{uploading > 0 ? t('globalSettings.uploading') : t('globalSettings.upload')}</span>
        </div>
      )}
    </Upload>
  );
}
