import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button.tsx';
import { PlainPage } from '@/components/plain-page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PlainPage>
      <Result
        status="404"
        title="404"
        subTitle={t('pages.notFound')}
        extra={
          <LinkButton type="primary" to="/">
            {t('pages.backHome')}
          </LinkButton>
        }
      />
    </PlainPage>
  );
}
