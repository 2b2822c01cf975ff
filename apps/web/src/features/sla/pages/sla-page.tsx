import { slaLocales } from '@water/contract/texts/sla';
import { workOrdersLocales } from '@water/contract/texts/work-orders';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { SlaReportTab } from '../components/sla-report-tab.tsx';
import { SlaTargetsTab } from '../components/sla-targets-tab.tsx';

addPageTexts('sla', slaLocales);
addPageTexts('workOrders', workOrdersLocales);

/** `field/sla/index`: SLA attainment per technician, region and agent, and the targets. */
export function SlaPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('SLA')} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'report', label: t('sla.report'), children: <SlaReportTab /> },
          { key: 'targets', label: t('sla.targets'), children: <SlaTargetsTab /> },
        ]}
      />
    </Card>
  );
}
