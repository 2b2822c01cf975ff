import Type, { type Static } from 'typebox';
import { OneOf } from './common.ts';

/** The channels a consumer pays with on the phone page, each through the driver global settings choose. */
export const PAYMENT_CHANNELS = ['WECHAT', 'ALIPAY'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/**
 * How a channel's payments are made: not at all (`NONE`), in the built-in sandbox (a page that
 * plays the channel, no money moves), or through the channel itself (WeChat Pay API v3, Alipay).
 */
export const PAYMENT_DRIVERS = ['NONE', 'SANDBOX', 'WECHAT_PAY_V3', 'ALIPAY'] as const;
export type PaymentDriverName = (typeof PAYMENT_DRIVERS)[number];

/** The real driver each channel may use besides the sandbox. */
export const CHANNEL_DRIVER = { WECHAT: 'WECHAT_PAY_V3', ALIPAY: 'ALIPAY' } as const;

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const secret = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** WeChat Pay API v3 (direct merchant): what identifies the merchant, and its keys. */
export const WechatPaySettingsInput = Type.Object(
  {
    mchId: text(32),
    appId: text(32),
    merchantSerialNo: text(64),
    platformKeyId: text(64),
    /** Empty or absent on save: the stored one stays. */
    merchantPrivateKeyPem: secret(8000),
    apiV3Key: secret(64),
    platformPublicKeyPem: secret(8000),
    baseUrl: text(200),
  },
  { additionalProperties: false },
);

/** Alipay (open platform application): its id, its private key and Alipay's public key. */
export const AlipaySettingsInput = Type.Object(
  {
    appId: text(32),
    appPrivateKeyPem: secret(8000),
    alipayPublicKeyPem: secret(8000),
    gatewayUrl: text(200),
  },
  { additionalProperties: false },
);

/** What a channel's settings are saved as: the driver, and the real driver's fields (secrets only when they change). */
export const PaymentChannelSettingsInput = Type.Object(
  {
    WECHAT: Type.Object(
      {
        driver: OneOf(['NONE', 'SANDBOX', 'WECHAT_PAY_V3'] as const),
        wechatPay: Type.Optional(WechatPaySettingsInput),
      },
      { additionalProperties: false },
    ),
    ALIPAY: Type.Object(
      { driver: OneOf(['NONE', 'SANDBOX', 'ALIPAY'] as const), alipay: Type.Optional(AlipaySettingsInput) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PaymentChannelSettingsInput = Static<typeof PaymentChannelSettingsInput>;

/** Whether each secret is stored: a secret itself is never answered. */
const SecretsSet = <K extends string>(names: readonly K[]) =>
  Type.Object(
    Object.fromEntries(names.map((name) => [name, Type.Boolean()])) as Record<K, ReturnType<typeof Type.Boolean>>,
  );

export const WECHAT_PAY_SECRETS = ['merchantPrivateKeyPem', 'apiV3Key', 'platformPublicKeyPem'] as const;
export const ALIPAY_SECRETS = ['appPrivateKeyPem', 'alipayPublicKeyPem'] as const;

const nullableText = Type.Union([Type.String(), Type.Null()]);

/** The channels' settings as answered: the drivers, the fields that are not secret, and which secrets are set. */
export const PaymentChannelSettings = Type.Object({
  WECHAT: Type.Object({
    driver: OneOf(['NONE', 'SANDBOX', 'WECHAT_PAY_V3'] as const),
    wechatPay: Type.Object({
      mchId: nullableText,
      appId: nullableText,
      merchantSerialNo: nullableText,
      platformKeyId: nullableText,
      baseUrl: nullableText,
      secretsSet: SecretsSet(WECHAT_PAY_SECRETS),
    }),
  }),
  ALIPAY: Type.Object({
    driver: OneOf(['NONE', 'SANDBOX', 'ALIPAY'] as const),
    alipay: Type.Object({
      appId: nullableText,
      gatewayUrl: nullableText,
      secretsSet: SecretsSet(ALIPAY_SECRETS),
    }),
  }),
  /** True when the sandbox is on because the server seeds the demo business (SEED_DEMO), whatever is stored. */
  sandboxByDemo: Type.Boolean(),
});
export type PaymentChannelSettings = Static<typeof PaymentChannelSettings>;

/** `/api/payments/notify/wechat`: the channel in the path, in lower case as the channels are given it. */
export const NotifyChannelParam = Type.Object({ channel: OneOf(['wechat', 'alipay'] as const) });

/** The sandbox's payment, by its own id (random, as a channel's prepay id is). */
export const SandboxPaymentParam = Type.Object({
  paymentId: Type.String({ pattern: '^[A-Za-z0-9]{20,40}$', errorMessage: 'is not a sandbox payment' }),
});

/** What the person does on the sandbox's page. */
export const SANDBOX_ACTIONS = ['pay', 'pay-refunds-fail', 'cancel', 'fail'] as const;
export const SandboxActionParam = Type.Object({
  paymentId: SandboxPaymentParam.properties.paymentId,
  action: OneOf(SANDBOX_ACTIONS),
});

/** The sandbox page's language: Chinese unless asked for English. */
export const SandboxPageQuery = Type.Object({ lang: Type.Optional(OneOf(['zh', 'en'] as const)) });

/** The sandbox's notification headers: signed as a channel signs, HMAC-SHA256 over timestamp, nonce and body. */
export const SANDBOX_HEADERS = {
  id: 'sandbox-notification-id',
  timestamp: 'sandbox-timestamp',
  nonce: 'sandbox-nonce',
  signature: 'sandbox-signature',
} as const;
