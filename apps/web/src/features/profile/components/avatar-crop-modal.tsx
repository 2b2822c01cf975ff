import 'react-easy-crop/react-easy-crop.css';
import { App, Flex, Modal, Slider, Typography } from 'antd';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { type CropArea, previewPlacement } from './avatar-crop.ts';
import { cropImage } from './crop-image.ts';

interface AvatarCropModalProps {
  /** Object URL of the chosen picture; the dialog is open while there is one. */
  source: string | undefined;
  onClose: () => void;
}

function Preview({ source, area, size }: { source: string; area: CropArea | undefined; size: number }) {
  const placement = area ? previewPlacement(area, size) : { width: size, height: size, left: 0, top: 0 };
  return (
    <div
      style={{ width: size, height: size, borderRadius: '50%', overflow: 'hidden', position: 'relative', flex: 'none' }}
    >
      <img src={source} alt="" style={{ position: 'absolute', maxWidth: 'none', ...placement }} />
    </div>
  );
}

/** Choose the square part of the picture to keep, see it as an avatar, then upload it. */
export function AvatarCropModal({ source, onClose }: AvatarCropModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadAvatar();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [pixels, setPixels] = useState<CropArea>();
  const [percent, setPercent] = useState<CropArea>();
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!source || !pixels) return;
    setBusy(true);
    try {
      const image = await cropImage(source, pixels);
      await upload.mutateAsync({ image, fileName: 'avatar.png' });
      message.success(t('center.avatarSaved'));
      onClose();
    } catch {
      // An answer from the server was reported by the client; a drawing failure leaves the dialog open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={source !== undefined}
      title={t('center.cropTitle')}
      okText={t('center.avatarUpload')}
      cancelText={t('list.cancel')}
      okButtonProps={{ loading: busy, disabled: !pixels }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {source && (
        <Flex gap={24} wrap>
          <div style={{ position: 'relative', width: 300, height: 300, background: '#333', borderRadius: 8 }}>
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(area, areaPixels) => {
                setPercent(area);
                setPixels(areaPixels);
              }}
              disableAutomaticStylesInjection
            />
          </div>
          <Flex vertical gap={12} style={{ minWidth: 160 }}>
            <Typography.Text strong>{t('center.preview')}</Typography.Text>
            <Flex gap={16} align="end">
              <Preview source={source} area={percent} size={96} />
              <Preview source={source} area={percent} size={40} />
            </Flex>
            <Typography.Text id="avatar-zoom">{t('center.zoom')}</Typography.Text>
            <Slider
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              aria-labelledby="avatar-zoom"
              tooltip={{ formatter: (value) => `${Math.round((value ?? 1) * 100)}%` }}
            />
            <Typography.Text type="secondary">{t('center.cropHelp')}</Typography.Text>
          </Flex>
        </Flex>
      )}
    </Modal>
  );
}
