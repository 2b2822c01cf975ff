import type { FirmwarePackage } from '@water/contract/firmware';
import { firmwareLocales } from '@water/contract/texts/firmware';
import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { PackagesTab } from '../components/packages-tab.tsx';
import { RolloutForm } from '../components/rollout-form.tsx';
import { RolloutsTab } from '../components/rollouts-tab.tsx';

addPageTexts('firmware', firmwareLocales);

/** `business/firmware/index`: firmware packages per machine model, and their staged rollouts. */
export function FirmwarePage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const [tab, setTab] = useState('rollouts');
  const [rolling, setRolling] = useState<{ pkg?: FirmwarePackage; session: number }>({ session: 0 });
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Firmware')} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'rollouts', label: t('firmware.rollouts'), children: <RolloutsTab /> },
          {
            key: 'packages',
            label: t('firmware.packages'),
            children: (
              <PackagesTab onRollOut={(pkg) => setRolling((previous) => ({ pkg, session: previous.session + 1 }))} />
            ),
          },
        ]}
      />
      <RolloutForm
        pkg={rolling.pkg}
        session={rolling.session}
        onClose={() => setRolling(({ session }) => ({ session }))}
        onStarted={() => setTab('rollouts')}
      />
    </Card>
  );
}
