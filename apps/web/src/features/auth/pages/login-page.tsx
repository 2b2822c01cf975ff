import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LanguageMenu } from '@/components/language-menu.tsx';
import { useGlobalSetting } from '@/lib/global-setting-store.ts';
import { KICKED_REASON } from '@/lib/safe-redirect.ts';
import { LoginForm, type SignInMoment } from '../components/login-form.tsx';
import './login-page.css';

interface LoginPageProps {
  /** Called when the visitor starts signing in, and once the form is sent: the console starts loading. */
  onIntent?: (moment: SignInMoment) => void;
}

export function LoginPage({ onIntent }: LoginPageProps) {
  const { t } = useTranslation();
  const appTitle = useGlobalSetting((state) => state.setting.title) ?? t('app.title');
  const footerTxt = useGlobalSetting((state) => state.setting.footerTxt);
  const caseNumber = useGlobalSetting((state) => state.setting.caseNumber);
  // Set by the password recovery page once a new password is stored.
  const passwordReset = (useLocation().state as { passwordReset?: boolean } | null)?.passwordReset === true;
  const kicked = useSearchParams()[0].get('reason') === KICKED_REASON;
  return (
    <div className="login-page">
      <header className="login-toolbar">
        <LanguageMenu />
      </header>
      <main className="login-main">
        <div className="login-card">
          <div className="login-brand">
            <img className="login-logo" src="/favicon.svg" alt="" width={48} height={48} />
            <h1 className="login-title">{t('app.sidebarTitle')}</h1>
            <p className="login-subtitle">{appTitle}</p>
          </div>
          {passwordReset && (
            <p className="login-notice" role="status">
              {t('login.passwordReset')}
            </p>
          )}
          {kicked && (
            <p className="login-notice" role="alert">
              {t('login.kicked')}
            </p>
          )}
          <LoginForm onIntent={onIntent} />
        </div>
      </main>
      <footer className="login-footer">
        <span>{footerTxt ?? `© ${new Date().getFullYear()} ${appTitle}`}</span>
        {caseNumber && (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {caseNumber}
          </a>
        )}
      </footer>
    </div>
  );
}
