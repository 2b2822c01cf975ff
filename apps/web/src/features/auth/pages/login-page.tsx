import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { LoginForm } from '../components/login-form.tsx';
import styles from './login-page.module.css';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.toolbar}>
        <LanguageSwitch ghost />
      </header>
      <main className={styles.main}>
        <Card className={styles.card} variant="borderless">
          <div className={styles.brand}>
            <img className={styles.logo} src="/favicon.svg" alt="" width={48} height={48} />
            <Typography.Title level={1} className={styles.title}>
              {t('app.sidebarTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('app.title')}</Typography.Text>
          </div>
          <LoginForm />
        </Card>
      </main>
      <footer className={styles.footer}>
        © {new Date().getFullYear()} {t('app.title')}
      </footer>
    </div>
  );
}
