import { notificationsLocales } from '@water/contract/texts/notifications';
import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { ChannelsTab } from '../components/channels-tab.tsx';
import { DeliveriesTab } from '../components/deliveries-tab.tsx';
import { RulesTab } from '../components/rules-tab.tsx';

addPageTexts('notifications', notificationsLocales);

/** `field/notifications/index`: notification channels, the rules that use them, and the delivery log. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const [tab, setTab] = useState('channels');
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Notifications')} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'channels',
            label: t('notifications.channels'),
            children: <ChannelsTab onTested={() => setTab('deliveries')} />,
          },
          { key: 'rules', label: t('notifications.rules'), children: <RulesTab /> },
          { key: 'deliveries', label: t('notifications.deliveries'), children: <DeliveriesTab /> },
        ]}
      />
    </Card>
  );
}
