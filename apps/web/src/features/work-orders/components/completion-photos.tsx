import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Upload, type UploadFile } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadWorkOrderPhoto } from '../api/work-orders.ts';
import { isNetworkFailure, photoQueue, sendWaiting, type WaitingPhoto } from '../lib/photo-queue.ts';

/** How often photos kept on the phone are tried again while the network seems up. */
const RETRY_MS = 15_000;

export interface OrderPhotos {
  files: UploadFile<string>[];
  setFiles: (files: UploadFile<string>[]) => void;
  /** Taken while the network was down: kept on the phone, uploaded when it is back. */
  waiting: WaitingPhoto[];
  /** Keeps a photo whose upload found no network, in place of its upload. */
  keep: (file: Pick<UploadFile<string>, 'uid'>, blob: Blob) => Promise<void>;
}

const uploaded = (photo: WaitingPhoto, name: string): UploadFile<string> => ({
  uid: photo.key,
  name: photo.filename,
  status: 'done',
  response: name,
});

/**
 * The photos of an order being completed, starting with those already uploaded to it (a reload
 * loses none). A photo whose upload fails for want of a network is
 * kept in the phone's database and uploaded when the network is back (the `online` event, every
 * RETRY_MS, and when the form opens again, even after a reload).
 */
export function useOrderPhotos(orderId: number, stored: readonly string[]): OrderPhotos {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile<string>[]>(() =>
    stored.map((name) => ({ uid: name, name, status: 'done', response: name })),
  );
  const [waiting, setWaiting] = useState<WaitingPhoto[]>([]);
  const sending = useRef(false);

  const retry = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      const { sent, refused } = await sendWaiting(orderId, (blob, filename) =>
        uploadWorkOrderPhoto(orderId, blob, filename),
      );
      if (sent.length > 0) setFiles((shown) => [...shown, ...sent.map(({ photo, name }) => uploaded(photo, name))]);
      for (const photo of refused) message.error(t('workOrders.photoRefused', { name: photo.filename }));
      setWaiting(await photoQueue.of(orderId));
    } catch {
      // The phone's database is unavailable (private browsing): nothing was kept to send.
    } finally {
      sending.current = false;
    }
  }, [orderId, message, t]);

  useEffect(() => {
    void retry();
    const online = () => void retry();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [retry]);

  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = window.setInterval(() => void retry(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting.length, retry]);

  const keep = useCallback(
    async (file: Pick<UploadFile<string>, 'uid'>, blob: Blob) => {
      await photoQueue.add(orderId, blob, blob instanceof File && blob.name ? blob.name : 'photo.jpg');
      setFiles((shown) => shown.filter((candidate) => candidate.uid !== file.uid));
      setWaiting(await photoQueue.of(orderId));
    },
    [orderId],
  );
  return { files, setFiles, waiting, keep };
}

/** The photo field of the completion: upload, or keep on the phone when the network is down. */
export function CompletionPhotos({ orderId, photos }: { orderId: number; photos: OrderPhotos }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Form.Item label={t('workOrders.photos')}>
      {photos.waiting.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('workOrders.photosWaiting', { count: photos.waiting.length })}
        />
      )}
      <Upload<string>
        accept="image/png,image/jpeg,image/gif"
        listType="picture"
        fileList={photos.files}
        onChange={({ fileList }) => photos.setFiles(fileList)}
        customRequest={({ file, onSuccess, onError }) => {
          const blob = file as File & { uid: string };
          uploadWorkOrderPhoto(orderId, blob, blob.name || 'photo.jpg')
            .then((name) => onSuccess?.(name))
            .catch((error: Error) => {
              if (isNetworkFailure(error)) void photos.keep(blob, blob);
              else {
                message.error(error.message);
                onError?.(error);
              }
            });
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{t('workOrders.addPhoto')}</Button>
      </Upload>
    </Form.Item>
  );
}
