import Type, { type Static } from 'typebox';
import { FenField } from './money.ts';

/**
 * A consumer signed in on the public page by phone with a one-time code: six digits, valid five
 * minutes, at most five tries, sent again no sooner than a minute later. The session token
 * (30 days) is sent as `X-Consumer-Token` and names the member of that phone.
 */
export const CONSUMER_CODE_TTL_SECONDS = 5 * 60;
export const CONSUMER_CODE_TRIES = 5;
export const CONSUMER_CODE_RESEND_SECONDS = 60;
export const CONSUMER_SESSION_DAYS = 30;

const phone = Type.String({ pattern: '^1\\d{10}$', errorMessage: 'must be a mobile number' });

export const ConsumerCodeInput = Type.Object({ phone }, { additionalProperties: false });
export type ConsumerCodeInput = Static<typeof ConsumerCodeInput>;

export const ConsumerSessionInput = Type.Object(
  { phone, code: Type.String({ pattern: '^\\d{6}$', errorMessage: 'must be the six digits sent' }) },
  { additionalProperties: false },
);
export type ConsumerSessionInput = Static<typeof ConsumerSessionInput>;

export const ConsumerSession = Type.Object({
  token: Type.String(),
  /** Masked: `138****8000`. */
  phone: Type.String(),
});
export type ConsumerSession = Static<typeof ConsumerSession>;

export const ConsumerMe = Type.Object({
  phone: Type.String(),
  cards: Type.Array(Type.Object({ cardNo: Type.String({ description: 'masked' }), balance: FenField() })),
});
export type ConsumerMe = Static<typeof ConsumerMe>;

/** A coupon the consumer holds, good at the machine. */
export const ConsumerCoupon = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.String({ description: 'AMOUNT_OFF, PERCENT_OFF or FREE_LITRES' }),
  /** Fen off, percent off or ml free, by type. */
  value: Type.Integer(),
  minSpend: FenField(),
  maxDiscount: Type.Union([Type.Integer(), Type.Null()]),
  validTo: Type.String({ description: 'yyyy-MM-dd HH:mm:ss' }),
});

/** A coupon the consumer may claim at the machine. */
export const ConsumerClaimable = Type.Object({
  templateId: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  value: Type.Integer(),
  minSpend: FenField(),
});

export const ConsumerCoupons = Type.Object({
  usable: Type.Array(ConsumerCoupon),
  claimable: Type.Array(ConsumerClaimable),
});
export type ConsumerCoupons = Static<typeof ConsumerCoupons>;

export const CouponTemplateParam = Type.Object({
  templateId: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }),
});

/** Where a coupon is claimed: the machine whose page the consumer is on (its scope is checked there). */
export const ClaimAtQuery = Type.Object(
  {
    code: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be a machine’s sticker code' }),
    ),
  },
  { additionalProperties: false },
);

/** A code the sandbox SMS sender "sent": what the sandbox inbox shows a demonstration's user. */
export const SandboxMessage = Type.Object({ phone: Type.String(), text: Type.String(), sentAt: Type.Integer() });
export const SandboxInboxQuery = Type.Object({ phone }, { additionalProperties: false });
export const SandboxInbox = Type.Object({ messages: Type.Array(SandboxMessage) });
export type SandboxInbox = Static<typeof SandboxInbox>;
