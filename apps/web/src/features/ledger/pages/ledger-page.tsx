import { ledgerLocales } from '@water/contract/texts/ledger';
import { ordersLocales } from '@water/contract/texts/orders';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { AccountsTab } from '../components/accounts-tab.tsx';
import { PeriodsTab } from '../components/periods-tab.tsx';
import { PostingsTab } from '../components/postings-tab.tsx';
import { TrialBalanceTab } from '../components/trial-balance-tab.tsx';

addPageTexts('ledger', ledgerLocales);
// Channel accounts name their payment channels.
addPageTexts('orders', ordersLocales);

/**
 * `finance/ledger/index`: the platform's books. The trial balance says whether they balance and
 * how far they are closed; the accounts, the postings of a span of days with their entries, and
 * the closed periods, where finance closes the next one.
 */
export function LedgerPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Ledger')} />
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'trial', label: t('ledger.trialBalance'), children: <TrialBalanceTab /> },
          { key: 'accounts', label: t('ledger.accounts'), children: <AccountsTab /> },
          { key: 'postings', label: t('ledger.postings'), children: <PostingsTab /> },
          { key: 'periods', label: t('ledger.periods'), children: <PeriodsTab /> },
        ]}
      />
    </Card>
  );
}
