import { globalSettingsLocales } from '@water/contract/texts/global-settings';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button.tsx';
import { PlainPage } from '@/components/plain-page.tsx';
import { PublicityContent } from '@/components/publicity-content.tsx';
import { useGlobalSetting } from '@/lib/global-setting-store.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';

addPageTexts('globalSettings', globalSettingsLocales);

/** Public content kept in the global settings (title, text, images, contact). */
export function PublicityPage() {
  const { t } = useTranslation();
  const publicity = useGlobalSetting((state) => state.setting.publicity);
  const back = (
    <LinkButton type="primary" to="/">
      {t('pages.backHome')}
    </LinkButton>
  );
  if (!publicity) {
    return (
      <PlainPage>
        <Result status="info" title={t('route.publicity')} subTitle={t('pages.publicity')} extra={back} />
      </PlainPage>
    );
  }
  return (
    <PlainPage>
      <Card style={{ width: '100%', maxWidth: 720 }}>
        <PublicityContent publicity={publicity} />
        {back}
      </Card>
    </PlainPage>
  );
}
