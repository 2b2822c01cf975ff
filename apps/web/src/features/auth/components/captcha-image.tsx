import { useTranslation } from 'react-i18next';
import './captcha-image.css';

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
    <button type="button" className="captcha-image" onClick={onRefresh} title={label} aria-label={label}>
      {src && !failed ? (
        <img src={src} alt={t('login.captchaAlt')} width={111} height={36} />
      ) : failed ? (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : null}
      {loading && (
        <span className="captcha-image-overlay">
          <span className="captcha-image-spinner" />
        </span>
      )}
    </button>
  );
}
