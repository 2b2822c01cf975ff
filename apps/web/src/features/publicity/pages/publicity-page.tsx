import { Card, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button.tsx';
import { PlainPage } from '@/components/plain-page.tsx';
import { useGlobalSetting } from '@/lib/global-setting-store.ts';

/** Public content kept in the global settings (title, body, contact), shown as text. */
export function PublicityPage() {
  const { t } = useTranslation();
  const publicity = useGlobalSetting((state) => state.setting.publicity);
  const back = (
    <LinkButton type="primary" to="/">
      {t('pages.backHome')}
    </LinkButton>
  );
  if (!publicity?.body && !publicity?.title) {
    return (
      <PlainPage>
        <Result status="info" title={t('route.publicity')} subTitle={t('pages.publicity')} extra={back} />
      </PlainPage>
    );
  }
  return (
    <PlainPage>
      <Card style={{ width: '100%', maxWidth: 720 }}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 26 }}>
          {publicity.title ?? t('route.publicity')}
        </Typography.Title>
        {publicity.body && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', fontSize: 15 }}>{publicity.body}</Typography.Paragraph>
        )}
        {publicity.contact && (
          <Typography.Paragraph type="secondary">
            {t('pages.publicityContact', { contact: publicity.contact })}
          </Typography.Paragraph>
        )}
        {back}
      </Card>
    </PlainPage>
  );
}
