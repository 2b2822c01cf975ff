import Type, { type Static } from 'typebox';
import { DesiredSettings, MachineCommand, ReportedSettings } from './commands.ts';
import { OneOf } from './common.ts';
import { FenField } from './money.ts';

/**
 * The machine gateway (`/gateway/v1/…`): what water machines and payment channels send and
 * receive. Every request is signed; see `docs/gateway.md`.
 */
export const GATEWAY_PREFIX = '/gateway/v1';

/** The headers of a signed gateway request. */
export const GATEWAY_HEADERS = {
  /** The machine's serial number (absent on a channel's notification). */
  machine: 'x-machine',
  /** Milliseconds since 1970-01-01 UTC when the request was signed. */
  timestamp: 'x-timestamp',
  /** 16 to 64 letters, digits, `_` or `-`, never used twice by the same sender. */
  nonce: 'x-nonce',
  /** Lowercase hex HMAC-SHA256 of the string to sign. */
  signature: 'x-signature',
} as const;

/** How far a request's timestamp may lie from the server's clock, either way. */
export const GATEWAY_WINDOW_MS = 5 * 60 * 1000;

/**
 * What is signed: method, path with its query, timestamp, nonce and the body exactly as sent
 * (empty without a body), one per line.
 */
export function stringToSign(method: string, path: string, timestamp: string, nonce: string, body: string): string {
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}\n${body}`;
}

export const CHANNELS = ['WECHAT', 'ALIPAY', 'CARD', 'COIN'] as const;
export type Channel = (typeof CHANNELS)[number];
/** Channels whose payment the machine itself confirms. */
export const MACHINE_CHANNELS = ['CARD', 'COIN'] as const;
/** Channels whose payment a notification of the channel confirms. */
export const NOTIFYING_CHANNELS = ['WECHAT', 'ALIPAY'] as const;

export const WATER = ['COLD', 'HOT'] as const;

/** The telemetry of a heartbeat; every field optional (a machine reports what it has). */
export const Heartbeat = Type.Object(
  {
    signal: Type.Optional(Type.Integer({ minimum: 0, maximum: 31, description: 'cellular signal, 0–31' })),
    temperature: Type.Optional(Type.Number({ minimum: -40, maximum: 120, description: '°C' })),
    tdsIn: Type.Optional(Type.Integer({ minimum: 0, maximum: 5000, description: 'ppm of the water coming in' })),
    tdsOut: Type.Optional(Type.Integer({ minimum: 0, maximum: 5000, description: 'ppm of the water sold' })),
    tankLevel: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'percent full' })),
    makingWater: Type.Optional(Type.Boolean()),
    doorOpen: Type.Optional(Type.Boolean()),
    faultBits: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535, description: 'see FAULT_BITS' })),
    firmware: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** The settings the machine runs with, and their version (see `settings` in the answer). */
    settings: Type.Optional(ReportedSettings),
  },
  { additionalProperties: false },
);
export type Heartbeat = Static<typeof Heartbeat>;

/** The meaning of each fault bit a machine reports. */
export const FAULT_BITS = {
  LEAK: 1,
  PUMP: 2,
  VALVE: 4,
  UV_LAMP: 8,
  PAYMENT_DEVICE: 16,
  FLOW_METER: 32,
} as const;

/** Fen per litre for each channel, and the policy they come from. */
export const Prices = Type.Object({
  policyId: Type.Union([Type.Integer(), Type.Null()]),
  WECHAT: FenField(),
  ALIPAY: FenField(),
  CARD: FenField(),
  COIN: FenField(),
  memberPrice: Type.Union([FenField(), Type.Null()]),
  discountPct: Type.String({ description: 'percent off, two decimals' }),
});
export type Prices = Static<typeof Prices>;

export const HeartbeatAnswer = Type.Object({
  /** Milliseconds since 1970 by the server's clock, to correct the machine's. */
  serverTime: Type.Integer(),
  lifecycle: Type.String(),
  /** Null while no price policy covers the machine: it must not sell. */
  prices: Type.Union([Prices, Type.Null()]),
  /** Seconds until the next heartbeat. */
  heartbeatSeconds: Type.Integer(),
  /** Commands waiting for the machine, oldest first: acknowledge each (`POST commands/ack`). */
  commands: Type.Array(MachineCommand),
  /** The desired settings, only while the version the machine reported is behind them: apply, then report. */
  settings: Type.Optional(DesiredSettings),
});
export type HeartbeatAnswer = Static<typeof HeartbeatAnswer>;

const machineOrderNo = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  errorMessage: 'must be 1 to 64 letters, digits, _ or -',
});
const machineTime = Type.Optional(
  Type.Integer({ minimum: 0, description: 'the machine’s time, ms since 1970 (for sales made offline)' }),
);

const memberPhone = Type.String({ pattern: '^1\\d{10}$', errorMessage: 'must be a mobile number' });
const memberOpenid = Type.String({ pattern: '^[A-Za-z0-9_-]{6,64}$', errorMessage: 'must be an openid' });
const couponCode = Type.String({
  pattern: '^[A-Za-z0-9]{12}$',
  errorMessage: 'must be a coupon code: 12 letters or digits',
});

export const GatewayOrderInput = Type.Object(
  {
    machineOrderNo,
    tap: Type.Integer({ minimum: 1, maximum: 2 }),
    waterType: OneOf(WATER),
    requestedMl: Type.Integer({ minimum: 50, maximum: 50_000 }),
    channel: OneOf(CHANNELS),
    memberPhone: Type.Optional(memberPhone),
    memberOpenid: Type.Optional(memberOpenid),
    /** A coupon of that member to use on this order; it is locked until the order is paid or closed. */
    couponCode: Type.Optional(couponCode),
    createdAt: machineTime,
  },
  { additionalProperties: false },
);
export type GatewayOrderInput = Static<typeof GatewayOrderInput>;

/** A member's coupon as the machine shows it. */
export const GatewayCoupon = Type.Object({
  code: Type.String(),
  name: Type.String(),
  type: Type.String({ description: 'AMOUNT_OFF, PERCENT_OFF or FREE_LITRES' }),
  /** Fen off, percent off or ml free, by type. */
  value: Type.Integer(),
  minSpend: FenField(),
  maxDiscount: Type.Union([Type.Integer(), Type.Null()]),
  validTo: Type.Integer({ description: 'ms since 1970' }),
});
export type GatewayCoupon = Static<typeof GatewayCoupon>;

/** A coupon a member may claim at this machine. */
export const GatewayClaimable = Type.Object({
  templateId: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  value: Type.Integer(),
  minSpend: FenField(),
});

/** Who the member is: a phone number or a payment openid (one of them). */
export const MemberKeyQuery = Type.Object(
  { memberPhone: Type.Optional(memberPhone), memberOpenid: Type.Optional(memberOpenid) },
  { additionalProperties: false },
);
export type MemberKeyQuery = Static<typeof MemberKeyQuery>;

export const MemberCoupons = Type.Object({
  /** The member's unused coupons good at this machine, soonest to expire first. */
  coupons: Type.Array(GatewayCoupon),
  /** Coupons the member may still claim here. */
  claimable: Type.Array(GatewayClaimable),
});
export type MemberCoupons = Static<typeof MemberCoupons>;

/** A member claims a coupon at the machine: of a `CLAIM` template by its id, or of a `CODE` template by its code. */
export const ClaimInput = Type.Object(
  {
    memberPhone: Type.Optional(memberPhone),
    memberOpenid: Type.Optional(memberOpenid),
    templateId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
    claimCode: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9]{4,32}$', errorMessage: 'must be 4 to 32 letters or digits' }),
    ),
  },
  { additionalProperties: false },
);
export type ClaimInput = Static<typeof ClaimInput>;

export const ORDER_STATES = [
  'CREATED',
  'PAID',
  'DISPENSING',
  'COMPLETED',
  'CLOSED',
  'DISPENSE_FAILED',
  'REFUNDING',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What the machine is told of its sale. */
export const GatewayOrder = Type.Object({
  orderNo: Type.String(),
  machineOrderNo: Type.String(),
  state: OneOf(ORDER_STATES),
  channel: OneOf(CHANNELS),
  /** Fen per litre. */
  unitPrice: FenField(),
  requestedMl: Type.Integer(),
  dispensedMl: Type.Union([Type.Integer(), Type.Null()]),
  listAmount: FenField(),
  discountAmount: FenField(),
  couponAmount: FenField(),
  payable: FenField(),
  paid: FenField(),
  refunded: FenField(),
});
export type GatewayOrder = Static<typeof GatewayOrder>;

export const GatewayOrderRef = Type.Object({ machineOrderNo });

export const GatewayPaymentInput = Type.Object(
  {
    channel: OneOf(MACHINE_CHANNELS),
    amount: FenField({ minimum: 0, maximum: 10_000_000, description: 'fen' }),
    /** The coin box's count, kept as the payment's reference (a card payment's is the card's number). */
    reference: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
    /** A card payment: the water card's printed number and its secret (read from the card). */
    cardNo: Type.Optional(Type.String({ pattern: '^\\d{16}$', errorMessage: 'must be a card number: 16 digits' })),
    cardSecret: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9]{1,32}$', errorMessage: 'must be the card’s secret: letters and digits' }),
    ),
    paidAt: machineTime,
  },
  { additionalProperties: false },
);
export type GatewayPaymentInput = Static<typeof GatewayPaymentInput>;

export const DISPENSE_RESULTS = ['STARTED', 'COMPLETED', 'FAILED'] as const;

export const GatewayDispenseInput = Type.Object(
  {
    result: OneOf(DISPENSE_RESULTS),
    dispensedMl: Type.Optional(Type.Integer({ minimum: 0, maximum: 50_000 })),
    endedAt: machineTime,
  },
  { additionalProperties: false },
);
export type GatewayDispenseInput = Static<typeof GatewayDispenseInput>;

/** A payment channel's notification that a consumer paid an order. */
export const ChannelNotification = Type.Object(
  {
    orderNo: Type.String({ pattern: '^[0-9A-Z]{1,32}$' }),
    transactionId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
    amount: FenField({ minimum: 0, maximum: 10_000_000, description: 'fen' }),
    paidAt: machineTime,
  },
  { additionalProperties: false },
);
export type ChannelNotification = Static<typeof ChannelNotification>;

export const ChannelParam = Type.Object({ channel: OneOf(['wechat', 'alipay'] as const) });

// ---------------------------------------------------------------- firmware (docs/gateway.md, "Firmware")

/** The params of a FIRMWARE_UPDATE command. */
export const FirmwareUpdateParams = Type.Object({
  /** What the machine reports its progress by. */
  updateId: Type.String(),
  version: Type.String(),
  /** Bytes. */
  size: Type.Integer(),
  /** Lowercase hex SHA-256 of the file: install nothing else. */
  sha256: Type.String(),
  /** The signed download link, on the server's address (HTTP Range answered 206); it expires. */
  url: Type.String(),
});
export type FirmwareUpdateParams = Static<typeof FirmwareUpdateParams>;

export const FIRMWARE_PROGRESS_STAGES = ['DOWNLOADING', 'INSTALLING', 'SUCCEEDED', 'FAILED'] as const;
export type FirmwareProgressStage = (typeof FIRMWARE_PROGRESS_STAGES)[number];

/** A machine's report of an update (`POST firmware/progress`, or `m/{serial}/up/firmware`); the same report again changes nothing. */
export const FirmwareProgress = Type.Object(
  {
    updateId: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$', errorMessage: 'must be an update id' }),
    stage: OneOf(FIRMWARE_PROGRESS_STAGES),
    /** Of the stage, 0–100. */
    percent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    /** Why it failed. */
    error: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type FirmwareProgress = Static<typeof FirmwareProgress>;

/** The update's state after a report (`CANCELLED`: stop; the update was withdrawn). */
export const FirmwareProgressAnswer = Type.Object({
  updateId: Type.String(),
  state: Type.String(),
  percent: Type.Union([Type.Integer(), Type.Null()]),
});
export type FirmwareProgressAnswer = Static<typeof FirmwareProgressAnswer>;

/** What signs a download link: the package, the machine and the link's end (ms since 1970). */
export const FirmwareDownloadRef = Type.Object({
  packageId: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }),
  serialNo: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be a serial number' }),
});
export const FirmwareDownloadQuery = Type.Object({
  expires: Type.Integer({ minimum: 0 }),
  signature: Type.String({ pattern: '^[0-9a-f]{64}$', errorMessage: 'must be 64 hex digits' }),
});

/** What the download link's signature covers, one per line. */
export function firmwareLinkToSign(packageId: number, serialNo: string, expires: number): string {
  return `FIRMWARE\n${packageId}\n${serialNo}\n${expires}`;
}
