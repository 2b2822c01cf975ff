import type { TrialBalance } from '@water/contract/ledger';
import { asFen } from '@water/contract/money';
import { Alert, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@/lib/format/money.ts';
import { usePhoneScreen } from '@/lib/media-query.ts';
import { useTrialBalance } from '../api/trial-balance.ts';
import { creditOf, debitOf, sideColumns } from './debit-credit.tsx';

type TypeBalance = TrialBalance['types'][number];

const sum = (values: (number | undefined)[]) => asFen(values.reduce<number>((total, value) => total + (value ?? 0), 0));

/**
 * The whole ledger at a glance: each type of account's balance on its side, the totals of both
 * sides, and whether the books balance (every account together sums to zero).
 */
export function TrialBalanceTab() {
  const { t, i18n } = useTranslation();
  const phone = usePhoneScreen();
  const query = useTrialBalance();
  const trial = query.data;
  const types = trial?.types ?? [];
  return (
    <Flex vertical gap={16}>
      {trial && (
        <Alert
          type={trial.total === 0 ? 'success' : 'error'}
          showIcon
          title={t(trial.total === 0 ? 'ledger.balanced' : 'ledger.unbalanced', {
            total: formatFen(trial.total, i18n.language),
          })}
          description={
            trial.closedThrough ? t('ledger.closedThrough', { day: trial.closedThrough }) : t('ledger.notClosed')
          }
        />
      )}
      <section aria-label={t('ledger.trialBalance')}>
        <Table<TypeBalance>
          size="small"
          rowKey="type"
          loading={query.isFetching}
          pagination={false}
          dataSource={types}
          columns={[
            { key: 'type', title: t('ledger.accountType'), render: (_, row) => t(`ledger.accountTypes.${row.type}`) },
            ...(phone
              ? []
              : [{ key: 'accounts', title: t('ledger.accounts'), dataIndex: 'accounts', align: 'right' as const }]),
            ...sideColumns<TypeBalance>(t, (row) => row.balance),
          ]}
          summary={() =>
            types.length > 0 && (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('ledger.total')}</Typography.Text>
                </Table.Summary.Cell>
                {!phone && (
                  <Table.Summary.Cell index={1} align="right">
                    {types.reduce((total, row) => total + row.accounts, 0)}
                  </Table.Summary.Cell>
                )}
                <Table.Summary.Cell index={phone ? 1 : 2} align="right">
                  <Typography.Text strong>
                    {formatFen(sum(types.map((row) => debitOf(row.balance))), i18n.language)}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={phone ? 2 : 3} align="right">
                  <Typography.Text strong>
                    {formatFen(sum(types.map((row) => creditOf(row.balance))), i18n.language)}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )
          }
        />
      </section>
    </Flex>
  );
}
