import type { CardLiability } from '@water/contract/cards';
import { CARD_LIABILITY_COLUMNS } from '@water/contract/cards-columns';
import { asFen } from '@water/contract/money';
import { Alert, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { useCardRules, useLiabilities } from '../api/cards.ts';

type LiabilityFilters = ListFilters<'GET /api/cards/liabilities'>;

/**
 * What each agent owes its cardholders, principal and bonus apart, beside the ledger (a
 * difference is flagged) and against the reserve it should keep.
 */
export function LiabilitiesTab() {
  const { t, i18n } = useTranslation();
  const list = useListState<LiabilityFilters>({ initialFilters: {} });
  const query = useLiabilities(list.params);
  const rules = useCardRules();
  const money = (fen: number) => formatFen(asFen(fen), i18n.language);
  /** An amount of the cards, flagged when the ledger's account of it differs. */
  const checked = (amount: number, ledger: number) =>
    amount === ledger ? (
      money(amount)
    ) : (
      <Tooltip title={`${t('cards.ledgerMismatch')}: ${money(ledger)}`}>
        <Tag color="error">{money(amount)}</Tag>
      </Tooltip>
    );
  const columns: DataColumn<CardLiability>[] = declaredColumns<CardLiability, typeof CARD_LIABILITY_COLUMNS>(
    CARD_LIABILITY_COLUMNS,
    t,
    i18n.language,
    {
      principal: { render: (_, row) => checked(row.principal, row.ledgerPrincipal) },
      bonus: { render: (_, row) => checked(row.bonus, row.ledgerBonus) },
      reserveShort: {
        render: (_, row) =>
          row.reserveShort ? (
            <Tag color="warning">{t('cards.reserveWarning', { amount: money(row.reserveRequired - row.reserve) })}</Tag>
          ) : (
            <Tag color="success">{t('cards.reserveOk')}</Tag>
          ),
      },
    },
  );
  return (
    <>
      {rules.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('cards.reserveHelp', { pct: rules.data.reserveSharePct })}
          description={
            rules.data.bonusRules.length === 0
              ? t('cards.noBonusRules')
              : t('cards.rulesTitle', {
                  rules: rules.data.bonusRules
                    .map((rule) => t('cards.bonusRule', { minTopUp: money(rule.minTopUp), bonus: money(rule.bonus) }))
                    .join(t('cards.ruleSeparator')),
                })
          }
        />
      )}
      <DataTable<CardLiability, LiabilityFilters>
        tableId="card-liabilities"
        label={t('cards.liabilitiesLabel')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(row) => row.agentId}
        exportTo={{ route: 'GET /api/cards/liabilities/download', name: 'card-liabilities' }}
      />
    </>
  );
}
