import { ACCOUNT_TYPES, type LedgerAccount } from '@water/contract/ledger';
import { LEDGER_ACCOUNT_COLUMNS } from '@water/contract/ledger-columns';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EntityFilter } from '@/components/list/entity-filter.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useLedgerAccounts } from '../api/ledger-accounts.ts';
import { LEDGER_AGENTS } from '../api/statement-agents.ts';
import { SidedBalance } from './debit-credit.tsx';

type AccountFilters = ListFilters<'GET /api/ledger/accounts'>;

/** The ledger's accounts: of a type or an agent, each with its balance on its side and its version. */
export function AccountsTab() {
  const { t, i18n } = useTranslation();
  const list = useListState<AccountFilters>({ initialFilters: {}, defaultSize: 20 });
  const query = useLedgerAccounts(list.params);
  const columns: DataColumn<LedgerAccount>[] = declaredColumns<LedgerAccount, typeof LEDGER_ACCOUNT_COLUMNS>(
    LEDGER_ACCOUNT_COLUMNS,
    t,
    i18n.language,
    {
      code: { render: (_, account) => <code>{account.code}</code> },
      balance: { render: (_, account) => <SidedBalance fen={account.balance} /> },
      version: { align: 'right' },
    },
  );
  return (
    <>
      <SearchBar<AccountFilters> onSearch={list.search} onReset={list.reset} mainField="type">
        <Form.Item name="type" label={t('ledger.accountType')}>
          <EnumSelect
            values={ACCOUNT_TYPES}
            labelOf={(type) => t(`ledger.accountTypes.${type}`)}
            placeholder={t('ledger.allTypes')}
            width={190}
          />
        </Form.Item>
        <EntityFilter name="agentId" label={t('ledger.agent')} entity={LEDGER_AGENTS} all={t('list.all')} />
      </SearchBar>
      <DataTable<LedgerAccount, AccountFilters>
        tableId="ledger-accounts"
        label={t('ledger.accounts')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(account) => account.id}
      />
    </>
  );
}
