import { Card, Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user.ts';

export function DashboardPage() {
  const { t } = useTranslation();
  const { data } = useCurrentUser();
  const user = data?.user;
  const none = t('dashboard.none');
  const items: DescriptionsProps['items'] = [
    { key: 'username', label: t('dashboard.username'), children: user?.username },
    { key: 'nickName', label: t('dashboard.nickName'), children: user?.nickName || none },
    { key: 'dept', label: t('dashboard.dept'), children: user?.dept?.name ?? none },
    { key: 'roles', label: t('dashboard.roles'), children: user?.roles.map((role) => role.name).join(', ') || none },
  ];
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('dashboard.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.intro', { title: t('app.title') })}</Typography.Paragraph>
      <Descriptions title={t('dashboard.account')} column={{ xs: 1, md: 2 }} items={items} />
    </Card>
  );
}
