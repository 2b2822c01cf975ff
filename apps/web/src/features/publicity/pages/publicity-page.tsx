import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { PlainPage } from '../../../components/plain-page.tsx';

export function PublicityPage() {
  const { t } = useTranslation();
  return (
    <PlainPage>
      <Result
        status="info"
        title={t('route.publicity')}
        subTitle={t('pages.publicity')}
        extra={
          <LinkButton type="primary" to="/">
            {t('pages.backHome')}
          </LinkButton>
        }
      />
    </PlainPage>
  );
}
