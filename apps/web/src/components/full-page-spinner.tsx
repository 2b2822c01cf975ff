import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} role="status" aria-label={t('app.loading')}>
      <Spin size="large" />
    </Flex>
  );
}
