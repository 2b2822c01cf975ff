import { UploadOutlined } from '@ant-design/icons';
import { RECONCILIATION_PERMISSIONS, type ReconciliationImport } from '@water/contract/reconciliation';
import { ordersLocales } from '@water/contract/texts/orders';
import { reconciliationLocales } from '@water/contract/texts/reconciliation';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { Permission } from '@/components/permission.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { usePhoneScreen } from '@/lib/media-query.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { DiscrepanciesTab, type DiscrepancyFilters } from '../components/discrepancies-tab.tsx';
import { ImportsTab } from '../components/imports-tab.tsx';
import { UploadStatementForm } from '../components/upload-statement-form.tsx';

addPageTexts('reconciliation', reconciliationLocales);
addPageTexts('orders', ordersLocales);

/**
 * `finance/reconciliation/index`: the payment channels' daily statements imported and classified
 * against our orders; the queue of discrepancies to resolve; a statement's upload.
 */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const phone = usePhoneScreen();
  const uploading = useFormDialog<never>();
  const [tab, setTab] = useState('discrepancies');
  const discrepancies = useListState<DiscrepancyFilters>({ initialFilters: { state: 'OPEN' } });
  const [shown, setShown] = useState<ReconciliationImport>();
  const show = (imported: ReconciliationImport) => {
    setShown(imported);
    discrepancies.search({ state: 'OPEN', importId: imported.id });
    setTab('discrepancies');
  };
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Reconciliation')} />
      <Tabs
        tabBarExtraContent={
          <Permission allow={[RECONCILIATION_PERMISSIONS.import]}>
            {/* On a phone the tabs keep the row: the button says what it does to screen readers only. */}
            <Button
              type="primary"
              icon={<UploadOutlined aria-hidden />}
              aria-label={phone ? t('reconciliation.upload') : undefined}
              onClick={uploading.openCreate}
            >
              {phone ? undefined : t('reconciliation.upload')}
            </Button>
          </Permission>
        }
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          {
            key: 'discrepancies',
            label: t('reconciliation.discrepancies'),
            children: (
              <DiscrepanciesTab
                list={discrepancies}
                importLabel={
                  shown && discrepancies.state.filters.importId === shown.id
                    ? t('reconciliation.importFilter', {
                        channel: t(`orders.channels.${shown.channel}`),
                        day: shown.day,
                      })
                    : undefined
                }
                onClearImport={() => {
                  setShown(undefined);
                  discrepancies.patchFilters({ importId: undefined });
                }}
              />
            ),
          },
          { key: 'imports', label: t('reconciliation.imports'), children: <ImportsTab onShow={show} /> },
        ]}
      />
      <UploadStatementForm dialog={uploading} onImported={show} />
    </Card>
  );
}
