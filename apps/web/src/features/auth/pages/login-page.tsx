import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguageMenu } from '@/components/language-menu.tsx';
import { useGlobalSetting } from '@/lib/global-setting-store.ts';
import { KICKED_REASON } from '@/lib/safe-redirect.ts';
import { LoginForm } from '../components/login-form.tsx';
import styles from './login-page.module.css';

interface LoginPageProps {
  onSubmitStart?: () => void;
}

export function LoginPage({ onSubmitStart }: LoginPageProps) {
  const { t } = useTranslation();
  const appTitle = useGlobalSetting((state) => state.setting.title) ?? t('app.title');
  const kicked = useSearchParams()[0].get('reason') === KICKED_REASON;
  return (
    <div className={styles.page}>
      <header className={styles.toolbar}>
        <LanguageMenu />
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          <div className={styles.brand}>
            <img className={styles.logo} src="/favicon.svg" alt="" width={48} height={48} />
            <h1 className={styles.title}>{t('app.sidebarTitle')}</h1>
            <p className={styles.subtitle}>{appTitle}</p>
          </div>
          {kicked && (
            <p className={styles.notice} role="alert">
              {t('login.kicked')}
            </p>
          )}
          <LoginForm onSubmitStart={onSubmitStart} />
        </div>
      </main>
      <footer className={styles.footer}>
        © {new Date().getFullYear()} {appTitle}
      </footer>
    </div>
  );
}
