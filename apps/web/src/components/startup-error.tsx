import { useTranslation } from 'react-i18next';
import styles from './startup-error.module.css';

interface StartupErrorProps {
  title: string;
  detail: string | undefined;
  onRetry: () => void;
  onLogout: () => void;
}

/** A failure before the console could open (the menus did not load): try again or sign out. */
export function StartupError({ title, detail, onRetry, onLogout }: StartupErrorProps) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={styles.panel} role="alert">
        <h1 className={styles.title}>{title}</h1>
        {detail && <p className={styles.detail}>{detail}</p>}
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={onRetry}>
            {t('errors.retry')}
          </button>
          <button type="button" className={styles.secondary} onClick={onLogout}>
            {t('errors.logout')}
          </button>
        </div>
      </div>
    </main>
  );
}
