import { ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './captcha-image.module.css';

interface CaptchaImageProps {
  src: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/** The question as a picture; the whole picture is a button that asks for a new one. */
export function CaptchaImage({ src, loading, failed, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  const label = failed ? t('login.captchaUnavailable') : t('login.refreshCaptcha');
  return (
    <button type="button" className={styles.captcha} onClick={onRefresh} title={label} aria-label={label}>
      {src && !failed ? (
        <img src={src} alt={t('login.captchaAlt')} width={111} height={36} />
      ) : failed ? (
        <ReloadOutlined />
      ) : null}
      {loading && (
        <span className={styles.overlay}>
          <Spin size="small" />
        </span>
      )}
    </button>
  );
}
