import type { Card, CardMovement, TopUpChannel } from '@water/contract/cards';
import { CARD_MOVEMENT_COLUMNS } from '@water/contract/cards-columns';
import type { Fen } from '@water/contract/money';
import { Descriptions, Drawer, Result, Skeleton, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ChangeHistory } from '@/components/change-history/change-history.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { Permission } from '@/components/permission.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { useCard, useCardMovements } from '../api/cards.ts';
import { CardStateTag } from './card-state-tag.tsx';

/** What a line of a card's history is about: its order, the other card of a reissue, a top-up's channel, a note. */
function detailOf(move: CardMovement, t: TFunction): string {
  if (move.orderNo) return move.orderNo;
  if (move.otherCardNo)
    return t(move.move === 'CARRY_OUT' ? 'cards.toCard' : 'cards.fromCard', { cardNo: move.otherCardNo });
  if (move.channel)
    return [t(`cards.channels.${move.channel as TopUpChannel}`), move.reference].filter(Boolean).join(' · ');
  return move.note ?? '—';
}

function Movements({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const list = useListState<Record<string, never>>({ initialFilters: {} });
  const query = useCardMovements(id, list.params);
  const money = (fen: Fen) => formatFen(fen, i18n.language);
  const signed = (fen: Fen) => (fen > 0 ? `+${money(fen)}` : money(fen));
  const columns: DataColumn<CardMovement>[] = declaredColumns<CardMovement, typeof CARD_MOVEMENT_COLUMNS>(
    CARD_MOVEMENT_COLUMNS,
    t,
    i18n.language,
    {
      amount: { render: (_, move) => (move.amount === 0 ? '—' : signed(move.amount)) },
      principal: { render: (_, move) => (move.principal === 0 ? '—' : signed(move.principal)) },
      bonus: { render: (_, move) => (move.bonus === 0 ? '—' : signed(move.bonus)) },
      detail: { render: (_, move) => detailOf(move, t) },
      createBy: { render: (_, move) => move.createBy ?? t('cards.machine') },
    },
  );
  return (
    <DataTable<CardMovement, Record<string, never>>
      tableId="card-movements"
      label={t('cards.historyLabel')}
      columns={columns}
      list={list}
      query={query}
      rowKey={(move) => move.id}
    />
  );
}

/** One card in a drawer: what it holds, its limits and links, and its history (top-ups, sales, refunds, reissues). */
export function CardHistory({ card, onClose }: { card: Card | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useCard(card?.id);
  const shown = query.data ?? card;
  const money = (fen: Fen | null) => (fen === null ? t('cards.noLimit') : formatFen(fen, i18n.language));
  return (
    <Drawer
      open={card !== undefined}
      onClose={onClose}
      title={t('cards.historyTitle', { cardNo: card?.cardNo ?? '' })}
      size="min(1000px, 100vw)"
      destroyOnHidden
    >
      {query.isError ? (
        <Result status="warning" title={t('cards.historyTitle', { cardNo: card?.cardNo ?? '' })} />
      ) : !shown ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              { key: 'state', label: t('cards.state'), children: <CardStateTag state={shown.state} /> },
              { key: 'kind', label: t('cards.kind'), children: t(`cards.kinds.${shown.kind}`) },
              { key: 'agent', label: t('cards.agent'), children: shown.agentName },
              { key: 'member', label: t('cards.member'), children: shown.memberPhone ?? '—' },
              { key: 'balance', label: t('cards.balance'), children: money(shown.balance) },
              {
                key: 'parts',
                label: `${t('cards.principal')} / ${t('cards.bonus')}`,
                children: `${money(shown.principal)} / ${money(shown.bonus)}`,
              },
              { key: 'perUse', label: t('cards.perUseLimit'), children: money(shown.perUseLimit) },
              { key: 'perDay', label: t('cards.perDayLimit'), children: money(shown.perDayLimit) },
              { key: 'batch', label: t('cards.batchNo'), children: shown.batchNo },
              { key: 'issued', label: t('cards.issuedAt'), children: shown.createTime },
              ...(shown.replacesNo
                ? [{ key: 'replaces', label: t('cards.replaces'), children: shown.replacesNo }]
                : []),
              ...(shown.replacedByNo
                ? [{ key: 'replacedBy', label: t('cards.replacedBy'), children: shown.replacedByNo }]
                : []),
            ]}
          />
          <Movements id={shown.id} />
          <Permission allow={['audit:list']}>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('audit.history')}
            </Typography.Title>
            <ChangeHistory recordType="card" recordId={shown.id} />
          </Permission>
        </>
      )}
    </Drawer>
  );
}
