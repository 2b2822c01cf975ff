import type { LedgerPosting, PostingEntry } from '@water/contract/ledger';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { sideColumns } from './debit-credit.tsx';

/** A posting's entries: each account it moved, on the debit or the credit side. */
export function PostingEntries({ posting }: { posting: LedgerPosting }) {
  const { t } = useTranslation();
  return (
    <Table<PostingEntry>
      size="small"
      aria-label={t('ledger.entries')}
      rowKey="accountId"
      pagination={false}
      dataSource={posting.entries}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'code', title: t('ledger.account'), render: (_, entry) => <code>{entry.code}</code> },
        { key: 'type', title: t('ledger.accountType'), render: (_, entry) => t(`ledger.accountTypes.${entry.type}`) },
        ...sideColumns<PostingEntry>(t, (entry) => entry.amount),
      ]}
    />
  );
}
