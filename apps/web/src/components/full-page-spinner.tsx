import { useTranslation } from 'react-i18next';
import styles from './full-page-spinner.module.css';

/** Shown while the console gets ready; plain so it can show before antd has loaded. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} role="status" aria-label={t('app.loading')}>
      <span className={styles.spinner} />
    </div>
  );
}
