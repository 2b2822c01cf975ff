import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button.tsx';
import { PlainPage } from '@/components/plain-page.tsx';

export function FindPasswordPage() {
  const { t } = useTranslation();
  return (
    <PlainPage>
      <Result
        status="info"
        title={t('route.findPassword')}
        subTitle={t('pages.findPassword')}
        extra={
          <LinkButton type="primary" to="/login">
            {t('pages.backToLogin')}
          </LinkButton>
        }
      />
    </PlainPage>
  );
}
