import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenuTitle } from '@/lib/menu-title.ts';

/** A console page whose tools are not built yet: says so plainly, under the menu's title. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {menuTitle(title)}
      </Typography.Title>
      <Typography.Paragraph strong>{t('placeholder.building')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('placeholder.hint')}</Typography.Paragraph>
    </Card>
  );
}
