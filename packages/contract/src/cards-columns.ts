import type { Card, CardLiability, CardMovement } from './cards.ts';
import { listColumns } from './list-columns.ts';

/** The water cards list. */
export const CARD_COLUMNS = listColumns<Card>()({
  cardNo: { field: 'cardNo', title: 'cards.cardNo', sortable: true, width: 170 },
  agent: { field: 'agentName', title: 'cards.agent', width: 150 },
  kind: { field: 'kind', title: 'cards.kind', kind: 'enum', labels: 'cards.kinds', width: 100 },
  member: { field: 'memberPhone', title: 'cards.member', width: 130 },
  state: { field: 'state', title: 'cards.state', kind: 'enum', labels: 'cards.states', sortable: true, width: 100 },
  balance: { field: 'balance', title: 'cards.balance', kind: 'money', sortable: true, width: 110 },
  principal: { field: 'principal', title: 'cards.principal', kind: 'money', width: 110 },
  bonus: { field: 'bonus', title: 'cards.bonus', kind: 'money', width: 100 },
  perUseLimit: { field: 'perUseLimit', title: 'cards.perUseLimit', kind: 'money', hidden: true, width: 120 },
  perDayLimit: { field: 'perDayLimit', title: 'cards.perDayLimit', kind: 'money', hidden: true, width: 120 },
  batchNo: { field: 'batchNo', title: 'cards.batchNo', hidden: true, width: 170 },
  replacesNo: { field: 'replacesNo', title: 'cards.replaces', hidden: true, width: 170 },
  replacedByNo: { field: 'replacedByNo', title: 'cards.replacedBy', hidden: true, width: 170 },
  createTime: { field: 'createTime', title: 'cards.issuedAt', sortable: true, width: 170 },
});

/** A card's history. */
export const CARD_MOVEMENT_COLUMNS = listColumns<CardMovement>()({
  createTime: { field: 'createTime', title: 'cards.time', width: 165 },
  move: { field: 'move', title: 'cards.move', kind: 'enum', labels: 'cards.moves', width: 100 },
  amount: { field: 'amount', title: 'cards.amount', kind: 'money', width: 105 },
  principal: { field: 'principal', title: 'cards.principal', kind: 'money', width: 100 },
  bonus: { field: 'bonus', title: 'cards.bonus', kind: 'money', width: 90 },
  balanceAfter: { field: 'balanceAfter', title: 'cards.balanceAfter', kind: 'money', width: 110 },
  detail: { field: 'orderNo', title: 'cards.detail', width: 180 },
  createBy: { field: 'createBy', title: 'cards.by', width: 90 },
});

/** What each agent owes its cardholders, against the ledger and its reserve. */
export const CARD_LIABILITY_COLUMNS = listColumns<CardLiability>()({
  agent: { field: 'agentName', title: 'cards.agent', width: 160 },
  cards: { field: 'cards', title: 'cards.cardCount', width: 90 },
  principal: { field: 'principal', title: 'cards.principal', kind: 'money', width: 120 },
  bonus: { field: 'bonus', title: 'cards.bonus', kind: 'money', width: 110 },
  total: { field: 'total', title: 'cards.total', kind: 'money', width: 120 },
  ledgerPrincipal: {
    field: 'ledgerPrincipal',
    title: 'cards.ledgerPrincipal',
    kind: 'money',
    hidden: true,
    width: 130,
  },
  ledgerBonus: { field: 'ledgerBonus', title: 'cards.ledgerBonus', kind: 'money', hidden: true, width: 130 },
  reserve: { field: 'reserve', title: 'cards.reserve', kind: 'money', width: 130 },
  reserveRequired: { field: 'reserveRequired', title: 'cards.reserveRequired', kind: 'money', width: 130 },
  reserveShort: { field: 'reserveShort', title: 'cards.reserveShort', kind: 'yesNo', width: 150 },
});
