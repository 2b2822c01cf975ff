import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '@/components/link-button.tsx';
import { PlainPage } from '@/components/plain-page.tsx';

/** Where a 403 answer leads (the path is /401 for compatibility with existing links). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PlainPage>
      <Result
        status="403"
        title="401"
        subTitle={
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('pages.unauthorized')}</Typography.Text>
            <Typography.Text type="secondary" style={{ maxWidth: 480 }}>
              {t('pages.unauthorizedDetail')}
            </Typography.Text>
          </Flex>
        }
        extra={
          <Flex gap={8} justify="center" wrap>
            <LinkButton type="primary" to="/">
              {t('pages.backHome')}
            </LinkButton>
            <Button onClick={() => void navigate(-1)}>{t('pages.goBack')}</Button>
          </Flex>
        }
      />
    </PlainPage>
  );
}
