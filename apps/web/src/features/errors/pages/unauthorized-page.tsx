import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { PlainPage } from '../../../components/plain-page.tsx';

/** Where a 403 answer leads (the path is /401 for compatibility with existing links). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <PlainPage>
      <Result
        status="403"
        title="401"
        subTitle={t('pages.unauthorized')}
        extra={
          <LinkButton type="primary" to="/">
            {t('pages.backHome')}
          </LinkButton>
        }
      />
    </PlainPage>
  );
}
