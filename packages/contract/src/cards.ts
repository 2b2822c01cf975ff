import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, Id, nullable, OneOf, PageQuery } from './common.ts';
import { type Fen, FenField } from './money.ts';
import { defineStateMachine, MACHINE_ACTOR, SYSTEM_ACTOR } from './state-machine.ts';

/** The permissions of the Water cards page. */
export const CARD_PERMISSIONS = {
  list: 'card:list',
  /** Issue cards in batches. */
  add: 'card:add',
  topUp: 'card:topup',
  /** Freeze, unfreeze, reissue; change a card's limits. */
  edit: 'card:edit',
} as const;

/** A card bound to a member (named) or to nobody (anonymous, the bearer's). */
export const CARD_KINDS = ['NAMED', 'ANONYMOUS'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/**
 * The most a card may hold (principal and bonus together), by the rules on prepaid cards: CN¥5,000
 * for a named card, CN¥1,000 for an anonymous one. Checked on every top-up.
 */
export const CARD_CAPS: Readonly<Record<CardKind, Fen>> = { NAMED: 500_000 as Fen, ANONYMOUS: 100_000 as Fen };

/** How the money of a top-up came in: cash at the counter, or a transfer through WeChat Pay or Alipay. */
export const TOP_UP_CHANNELS = ['CASH', 'WECHAT', 'ALIPAY'] as const;
export type TopUpChannel = (typeof TOP_UP_CHANNELS)[number];

export const CARD_STATES = ['ACTIVE', 'FROZEN', 'REISSUED'] as const;
export type CardState = (typeof CARD_STATES)[number];

/**
 * A card's life: an active card is topped up and pays at machines; staff freeze it (reported
 * lost) and unfreeze it (found); a frozen card is reissued: a new card takes its balance and the
 * old one never moves again. A refund goes back to the card that paid (to its replacement once
 * reissued), frozen or not.
 */
export const CARD_STATE_MACHINE = defineStateMachine({
  name: 'card',
  texts: { object: 'errors.objects.card', states: 'cards.states' },
  states: CARD_STATES,
  initial: ['ACTIVE'],
  events: {
    TOP_UP: { from: ['ACTIVE'], to: 'unchanged', by: [CARD_PERMISSIONS.topUp] },
    PAY: { from: ['ACTIVE'], to: 'unchanged', by: [MACHINE_ACTOR] },
    CREDIT: { from: ['ACTIVE', 'FROZEN'], to: 'unchanged', by: [SYSTEM_ACTOR] },
    SET_LIMITS: { from: ['ACTIVE', 'FROZEN'], to: 'unchanged', by: [CARD_PERMISSIONS.edit] },
    FREEZE: { from: ['ACTIVE'], to: ['FROZEN'], by: [CARD_PERMISSIONS.edit] },
    UNFREEZE: { from: ['FROZEN'], to: ['ACTIVE'], by: [CARD_PERMISSIONS.edit] },
    REISSUE: { from: ['FROZEN'], to: ['REISSUED'], by: [CARD_PERMISSIONS.edit] },
  },
});
export type CardEvent = keyof typeof CARD_STATE_MACHINE.events;

/** What happened to a card's money or state, as its history lists it. */
export const CARD_MOVES = ['TOP_UP', 'SALE', 'REFUND', 'FREEZE', 'UNFREEZE', 'CARRY_OUT', 'CARRY_IN'] as const;
export type CardMove = (typeof CARD_MOVES)[number];

/** At most this many cards in one batch. */
export const CARD_BATCH_MAX = 500;

export const Card = Type.Object({
  id: Type.Integer(),
  /** The number printed on the card: 16 digits. */
  cardNo: Type.String(),
  /** The agent that issued it: its machines (and those of the agents beneath) take it. */
  agentId: Type.Integer(),
  agentName: Type.String(),
  kind: OneOf(CARD_KINDS),
  /** The member of a named card, masked: `138****8000`. */
  memberPhone: Type.Union([Type.String(), Type.Null()]),
  state: OneOf(CARD_STATES),
  principal: FenField({ description: 'fen the cardholder paid in and may still spend' }),
  bonus: FenField({ description: 'fen granted on top-ups, still spendable' }),
  balance: FenField({ description: 'principal and bonus' }),
  /** The most one sale may take, and one day's sales together; null: no limit but the balance. */
  perUseLimit: Type.Union([FenField(), Type.Null()]),
  perDayLimit: Type.Union([FenField(), Type.Null()]),
  batchNo: Type.String(),
  /** The card this one replaced, and the one that replaced it. */
  replacesNo: Type.Union([Type.String(), Type.Null()]),
  replacedByNo: Type.Union([Type.String(), Type.Null()]),
  createBy: Type.Union([Type.String(), Type.Null()]),
  createTime: DateTime,
  updateTime: DateTime,
});
export type Card = Static<typeof Card>;

export const CardQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(
    Type.String({ maxLength: 32, description: 'part of the card number, its batch, or the whole phone' }),
  ),
  agentId: Type.Optional(Id()),
  state: Type.Optional(OneOf(CARD_STATES)),
  kind: Type.Optional(OneOf(CARD_KINDS)),
  createTime: Type.Optional(CreateTimeRange),
});
export type CardQuery = Static<typeof CardQuery>;

const limit = (description: string) =>
  Type.Optional(nullable<Fen>('integer', { minimum: 1, maximum: CARD_CAPS.NAMED, description }));

export const CardLimitsInput = Type.Object(
  {
    perUseLimit: limit('fen; null or absent: no limit'),
    perDayLimit: limit('fen; null or absent: no limit'),
  },
  { additionalProperties: false },
);
export type CardLimitsInput = Static<typeof CardLimitsInput>;

/** A batch: `count` anonymous cards, or one named card for each phone. */
export const CardBatchInput = Type.Object(
  {
    agentId: Id(),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: CARD_BATCH_MAX })),
    phones: Type.Optional(
      Type.Array(Type.String({ pattern: '^1\\d{10}$', errorMessage: 'must be a mobile number' }), {
        minItems: 1,
        maxItems: CARD_BATCH_MAX,
        uniqueItems: true,
      }),
    ),
    ...CardLimitsInput.properties,
  },
  { additionalProperties: false },
);
export type CardBatchInput = Static<typeof CardBatchInput>;

/** The cards of a batch, each with its secret: shown this once (the server keeps only a hash). */
export const CardBatch = Type.Object({
  batchNo: Type.String(),
  cards: Type.Array(
    Type.Object({
      id: Type.Integer(),
      cardNo: Type.String(),
      secret: Type.String(),
      memberPhone: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type CardBatch = Static<typeof CardBatch>;

export const CardTopUpInput = Type.Object(
  {
    amount: FenField({ minimum: 1, maximum: CARD_CAPS.NAMED, description: 'fen the cardholder paid' }),
    channel: OneOf(TOP_UP_CHANNELS),
    /** The channel's transaction or the receipt number, if any. */
    reference: Type.Optional(Type.String({ maxLength: 64 })),
    /** Chosen by the client for each top-up: the same key again tops up once and answers the same. */
    requestId: Type.String({
      pattern: '^[A-Za-z0-9_-]{8,64}$',
      errorMessage: 'must be 8 to 64 letters, digits, _ or -',
    }),
  },
  { additionalProperties: false },
);
export type CardTopUpInput = Static<typeof CardTopUpInput>;

export const CardTopUp = Type.Object({
  card: Card,
  principal: FenField({ description: 'fen added to the principal' }),
  bonus: FenField({ description: 'fen of bonus the rules granted' }),
});
export type CardTopUp = Static<typeof CardTopUp>;

export const CardStateInput = Type.Object(
  {
    action: OneOf(['FREEZE', 'UNFREEZE'] as const),
    note: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type CardStateInput = Static<typeof CardStateInput>;

/** The new card of a reissue, with its secret shown this once. */
export const CardReissued = Type.Object({ card: Card, secret: Type.String() });
export type CardReissued = Static<typeof CardReissued>;

/** One line of a card's history; amounts signed (money in positive, out negative). */
export const CardMovement = Type.Object({
  id: Type.Integer(),
  move: OneOf(CARD_MOVES),
  principal: FenField(),
  bonus: FenField(),
  amount: FenField({ description: 'principal and bonus' }),
  /** The card's balance after it. */
  balanceAfter: FenField(),
  channel: Type.Union([Type.String(), Type.Null()]),
  reference: Type.Union([Type.String(), Type.Null()]),
  orderNo: Type.Union([Type.String(), Type.Null()]),
  /** The card the balance went to or came from (a reissue). */
  otherCardNo: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  createBy: Type.Union([Type.String(), Type.Null()]),
  createTime: DateTime,
});
export type CardMovement = Static<typeof CardMovement>;

export const CardMovementQuery = Type.Object({ ...PageQuery.properties });

/** A top-up of at least `minTopUp` earns `bonus` (the highest rule reached applies, alone). */
export const CardBonusRule = Type.Object(
  {
    minTopUp: FenField({ minimum: 1, maximum: CARD_CAPS.NAMED }),
    bonus: FenField({ minimum: 0, maximum: CARD_CAPS.NAMED }),
  },
  { additionalProperties: false },
);
export type CardBonusRule = Static<typeof CardBonusRule>;

/** The share of its card balances an agent's available commission should cover, unless set. */
export const DEFAULT_CARD_RESERVE_PCT = 20;

/** What the card rules are now, as the page shows them beside a top-up. */
export const CardRules = Type.Object({
  bonusRules: Type.Array(CardBonusRule),
  reserveSharePct: Type.Integer(),
  caps: Type.Object({ NAMED: FenField(), ANONYMOUS: FenField() }),
});
export type CardRules = Static<typeof CardRules>;

/** The bonus a top-up of `amount` earns under `rules`: that of the highest rule it reaches. */
export function bonusFor(rules: readonly CardBonusRule[], amount: Fen): Fen {
  let best: CardBonusRule | undefined;
  for (const rule of rules) if (amount >= rule.minTopUp && (!best || rule.minTopUp > best.minTopUp)) best = rule;
  return (best?.bonus ?? 0) as Fen;
}

/**
 * The largest top-up that, with the bonus it earns under `rules`, fits in `room` fen (what a card
 * may still hold): each rule's range of amounts is tried with its bonus, the largest fitting wins.
 */
export function largestTopUp(rules: readonly CardBonusRule[], room: Fen): Fen {
  const tiers = [...rules].sort((a, b) => a.minTopUp - b.minTopUp);
  let best = 0;
  for (let index = -1; index < tiers.length; index++) {
    const from = index < 0 ? 1 : (tiers[index] as CardBonusRule).minTopUp;
    const next = tiers[index + 1];
    const to = next ? next.minTopUp - 1 : Number.MAX_SAFE_INTEGER;
    const fits = Math.min(to, room - (index < 0 ? 0 : bonusFor(tiers, from as Fen)));
    if (fits >= from) best = Math.max(best, fits);
  }
  return best as Fen;
}

/** What an agent owes its cardholders, checked against the ledger and against its reserve. */
export const CardLiability = Type.Object({
  agentId: Type.Integer(),
  agentName: Type.String(),
  /** Cards that hold or may hold money (not reissued). */
  cards: Type.Integer(),
  principal: FenField(),
  bonus: FenField(),
  total: FenField(),
  /** The ledger's CARD_PRINCIPAL and CARD_BONUS accounts of the agent (credit, shown positive). */
  ledgerPrincipal: FenField(),
  ledgerBonus: FenField(),
  /** The agent's available commission (what it could withdraw). */
  reserve: FenField(),
  /** The reserve the agent should keep: the configured share of `total`. */
  reserveRequired: FenField(),
  /** The reserve is short of what it should be. */
  reserveShort: Type.Boolean(),
});
export type CardLiability = Static<typeof CardLiability>;

export const CardLiabilityQuery = Type.Object({
  ...PageQuery.properties,
  agentId: Type.Optional(Id()),
});
export type CardLiabilityQuery = Static<typeof CardLiabilityQuery>;
