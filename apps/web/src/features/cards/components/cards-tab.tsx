import {
  EyeOutlined,
  LockOutlined,
  SlidersOutlined,
  SwapOutlined,
  UnlockOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import {
  CARD_KINDS,
  CARD_PERMISSIONS,
  CARD_STATE_MACHINE,
  CARD_STATES,
  type Card,
  type CardBatch,
} from '@water/contract/cards';
import { CARD_COLUMNS } from '@water/contract/cards-columns';
import { allows } from '@water/contract/state-machine';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EntityFilter } from '@/components/list/entity-filter.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { Permission } from '@/components/permission.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { CARD_AGENTS } from '../api/card-agents.ts';
import { useCards, useReissueCard, useSetCardState } from '../api/cards.ts';
import { CardHistory } from './card-history.tsx';
import { CardSecrets, type IssuedCards } from './card-secrets.tsx';
import { CardStateTag } from './card-state-tag.tsx';
import { IssueForm } from './issue-form.tsx';
import { LimitsForm } from './limits-form.tsx';
import { TopUpForm } from './top-up-form.tsx';

type CardFilters = ListFilters<'GET /api/cards'>;

/** A dialog of the list, for one card, opened afresh each time. */
interface Opened {
  card?: Card;
  session: number;
}

/** The cards in the user's reach: find them; issue a batch, top up, freeze, unfreeze, reissue; see a card's history. */
export function CardsTab() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const list = useListState<CardFilters>({ initialFilters: {} });
  const query = useCards(list.params);
  const setState = useSetCardState();
  const reissue = useReissueCard();
  const [issuing, setIssuing] = useState({ open: false, session: 0 });
  const [toppingUp, setToppingUp] = useState<Opened>({ session: 0 });
  const [limiting, setLimiting] = useState<Opened>({ session: 0 });
  const [shown, setShown] = useState<Card>();
  const [secrets, setSecrets] = useState<{ title: string; cards: IssuedCards; file: string }>();
  const open = (set: typeof setToppingUp) => (card: Card) =>
    set((previous) => ({ card, session: previous.session + 1 }));
  const money = (fen: Card['balance']) => formatFen(fen, i18n.language);

  const freeze = (card: Card) =>
    confirm({
      title: t('cards.freezeConfirm', { cardNo: card.cardNo }),
      content: t('cards.freezeDetail'),
      okText: t('cards.freeze'),
      onConfirm: async () => {
        await setState.mutateAsync({ id: card.id, action: 'FREEZE' });
        message.success(t('cards.frozen', { cardNo: card.cardNo }));
      },
    });
  const unfreeze = async (card: Card) => {
    await setState.mutateAsync({ id: card.id, action: 'UNFREEZE' });
    message.success(t('cards.unfrozen', { cardNo: card.cardNo }));
  };
  const replace = (card: Card) =>
    confirm({
      title: t('cards.reissueConfirm', { cardNo: card.cardNo }),
      content: t('cards.reissueDetail', { balance: money(card.balance) }),
      okText: t('cards.reissue'),
      onConfirm: async () => {
        const made = await reissue.mutateAsync(card.id);
        message.success(t('cards.reissued', { cardNo: made.card.cardNo, old: card.cardNo }));
        setSecrets({
          title: t('cards.newSecretTitle'),
          cards: [
            { id: made.card.id, cardNo: made.card.cardNo, secret: made.secret, memberPhone: made.card.memberPhone },
          ],
          file: `card-${made.card.cardNo}.csv`,
        });
      },
    });
  const issued = (batch: CardBatch) =>
    setSecrets({
      title: `${t('cards.secretsTitle')} · ${t('cards.issued', { count: batch.cards.length, batchNo: batch.batchNo })}`,
      cards: batch.cards,
      file: `cards-${batch.batchNo}.csv`,
    });

  const actions = useActionsColumn<Card>({
    nameOf: (card) => card.cardNo,
    width: 190,
    extra: {
      allow: [CARD_PERMISSIONS.list],
      actions: (card) => [
        {
          key: 'history',
          label: t('cards.history'),
          icon: <EyeOutlined aria-hidden />,
          allow: CARD_PERMISSIONS.list,
          onClick: () => setShown(card),
        },
        {
          key: 'topUp',
          label: t('cards.topUp'),
          icon: <WalletOutlined aria-hidden />,
          allow: CARD_PERMISSIONS.topUp,
          disabled: !allows(CARD_STATE_MACHINE, card.state, 'TOP_UP'),
          onClick: () => open(setToppingUp)(card),
        },
        allows(CARD_STATE_MACHINE, card.state, 'UNFREEZE')
          ? {
              key: 'unfreeze',
              label: t('cards.unfreeze'),
              icon: <UnlockOutlined aria-hidden />,
              allow: CARD_PERMISSIONS.edit,
              onClick: () => void unfreeze(card),
            }
          : {
              key: 'freeze',
              label: t('cards.freeze'),
              icon: <LockOutlined aria-hidden />,
              allow: CARD_PERMISSIONS.edit,
              danger: true,
              disabled: !allows(CARD_STATE_MACHINE, card.state, 'FREEZE'),
              onClick: () => freeze(card),
            },
        {
          key: 'reissue',
          label: t('cards.reissue'),
          icon: <SwapOutlined aria-hidden />,
          allow: CARD_PERMISSIONS.edit,
          danger: true,
          disabled: !allows(CARD_STATE_MACHINE, card.state, 'REISSUE'),
          onClick: () => replace(card),
        },
        {
          key: 'limits',
          label: t('cards.limits'),
          icon: <SlidersOutlined aria-hidden />,
          allow: CARD_PERMISSIONS.edit,
          disabled: !allows(CARD_STATE_MACHINE, card.state, 'SET_LIMITS'),
          onClick: () => open(setLimiting)(card),
        },
      ],
    },
  });
  const columns: DataColumn<Card>[] = [
    ...declaredColumns<Card, typeof CARD_COLUMNS>(CARD_COLUMNS, t, i18n.language, {
      cardNo: {
        ellipsis: false,
        render: (_, card) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShown(card)}>
            <code>{card.cardNo}</code>
          </Button>
        ),
      },
      state: { render: (_, card) => <CardStateTag state={card.state} /> },
    }),
    ...actions,
  ];
  return (
    <>
      <SearchBar<CardFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('cards.search')}>
          <Input placeholder={t('cards.searchPlaceholder')} allowClear style={{ width: 220 }} />
        </Form.Item>
        <EntityFilter name="agentId" label={t('cards.agent')} entity={CARD_AGENTS} all={t('list.all')} />
        <Form.Item name="state" label={t('cards.state')}>
          <EnumSelect values={CARD_STATES} labelOf={(value) => t(`cards.states.${value}`)} width={120} />
        </Form.Item>
        <Form.Item name="kind" label={t('cards.kind')}>
          <EnumSelect values={CARD_KINDS} labelOf={(value) => t(`cards.kinds.${value}`)} width={120} />
        </Form.Item>
      </SearchBar>
      <DataTable<Card, CardFilters>
        tableId="water-cards"
        label={t('cards.cardsLabel')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(card) => card.id}
        exportTo={{ route: 'GET /api/cards/download', name: 'water-cards' }}
        actions={
          <Permission allow={[CARD_PERMISSIONS.add]}>
            <Button
              type="primary"
              onClick={() => setIssuing((previous) => ({ open: true, session: previous.session + 1 }))}
            >
              {t('cards.issue')}
            </Button>
          </Permission>
        }
      />
      <IssueForm
        open={issuing.open}
        session={issuing.session}
        onClose={() => setIssuing((previous) => ({ ...previous, open: false }))}
        onIssued={issued}
      />
      <TopUpForm
        card={toppingUp.card}
        session={toppingUp.session}
        onClose={() => setToppingUp(({ session }) => ({ session }))}
      />
      <LimitsForm
        card={limiting.card}
        session={limiting.session}
        onClose={() => setLimiting(({ session }) => ({ session }))}
      />
      <CardHistory card={shown} onClose={() => setShown(undefined)} />
      <CardSecrets
        title={secrets?.title ?? ''}
        cards={secrets?.cards}
        fileName={secrets?.file ?? 'cards.csv'}
        onClose={() => setSecrets(undefined)}
      />
    </>
  );
}
