import { Alert, Flex, Typography } from 'antd';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stickerCodeOf } from '../lib/field-trip.ts';

/** How often a frame of the camera is read for a code. */
const FRAME_MS = 200;

/**
 * The phone's back camera, read for a sticker's QR code; calls `onCode` with the first code it
 * finds. Loaded only when a technician scans (it carries the QR decoder).
 */
export default function StickerScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [unknown, setUnknown] = useState(false);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let live = true;
    const canvas = document.createElement('canvas');
    const read = () => {
      const frame = video.current;
      if (!live || !frame || frame.readyState < 2 || frame.videoWidth === 0) return;
      canvas.width = frame.videoWidth;
      canvas.height = frame.videoHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return;
      context.drawImage(frame, 0, 0);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      if (!found) return;
      const code = stickerCodeOf(found.data);
      if (code) onCode(code);
      else setUnknown(true);
    };
    if (!navigator.mediaDevices?.getUserMedia) {
      setFailure(t('workOrders.noCamera'));
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (!live || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play().catch(() => undefined);
        timer = window.setInterval(read, FRAME_MS);
      })
      .catch(() => live && setFailure(t('workOrders.noCamera')));
    return () => {
      live = false;
      window.clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode, t]);

  if (failure) return <Alert type="warning" showIcon title={failure} />;
  return (
    <Flex vertical gap={8}>
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('workOrders.camera')}
        style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8 }}
      />
      <Typography.Text type={unknown ? 'warning' : 'secondary'}>
        {t(unknown ? 'workOrders.notASticker' : 'workOrders.pointAtSticker')}
      </Typography.Text>
    </Flex>
  );
}
