import { Card, Divider, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicityContent } from '@/components/publicity-content.tsx';
import { type SettingsValues, toSettings } from './settings-values.ts';

/** What the console will show once the form is saved: the tab title, the footer and the publicity page. */
export function SettingsPreview({ values }: { values: Partial<SettingsValues> }) {
  const { t } = useTranslation();
  const settings = toSettings(values);
  const title = settings.title ?? t('app.title');
  return (
    <Card
      variant="borderless"
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('globalSettings.preview')}
        </Typography.Title>
      }
      extra={<Typography.Text type="secondary">{t('globalSettings.previewHint')}</Typography.Text>}
    >
      <section aria-label={t('globalSettings.console')}>
        <Typography.Text type="secondary">{t('globalSettings.title')}</Typography.Text>
        <Typography.Paragraph strong style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('globalSettings.previewFooter')}</Typography.Text>
        <Flex
          wrap
          justify="center"
          gap={12}
          data-testid="footer-preview"
          style={{ padding: '12px 8px', borderTop: '1px solid rgba(128, 128, 128, 0.25)', fontSize: 13 }}
        >
          <span style={{ overflowWrap: 'anywhere' }}>
            {settings.footerTxt ?? t('footer.text', { year: new Date().getFullYear(), title })}
          </span>
          {settings.caseNumber && <Typography.Text underline>{settings.caseNumber}</Typography.Text>}
        </Flex>
      </section>
      <Divider />
      <section aria-label={t('globalSettings.previewPublicity')} data-testid="publicity-preview">
        {settings.publicity ? (
          <PublicityContent publicity={settings.publicity} level={3} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('globalSettings.empty')} />
        )}
      </section>
    </Card>
  );
}
