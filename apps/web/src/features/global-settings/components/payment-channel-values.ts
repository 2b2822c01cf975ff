import {
  ALIPAY_SECRETS,
  type PaymentChannelSettings,
  type PaymentChannelSettingsInput,
  WECHAT_PAY_SECRETS,
} from '@water/contract/payments';

const WECHAT_FIELDS = ['mchId', 'appId', 'merchantSerialNo', 'platformKeyId', 'baseUrl'] as const;
const ALIPAY_FIELDS = ['appId', 'gatewayUrl'] as const;

type Text = Record<string, string>;

/** What the payment channels' form holds: every field as text, the keys empty (never shown). */
export interface PaymentChannelValues {
  WECHAT: { driver: PaymentChannelSettings['WECHAT']['driver']; wechatPay: Text };
  ALIPAY: { driver: PaymentChannelSettings['ALIPAY']['driver']; alipay: Text };
}

const textOf = (value: string | null | undefined) => value ?? '';

export function toPaymentChannelValues(stored: PaymentChannelSettings | undefined): PaymentChannelValues {
  const wechat = stored?.WECHAT.wechatPay;
  const alipay = stored?.ALIPAY.alipay;
  return {
    WECHAT: {
      driver: stored?.WECHAT.driver ?? 'NONE',
      wechatPay: {
        ...Object.fromEntries(WECHAT_FIELDS.map((name) => [name, textOf(wechat?.[name])])),
        ...Object.fromEntries(WECHAT_PAY_SECRETS.map((name) => [name, ''])),
      },
    },
    ALIPAY: {
      driver: stored?.ALIPAY.driver ?? 'NONE',
      alipay: {
        ...Object.fromEntries(ALIPAY_FIELDS.map((name) => [name, textOf(alipay?.[name])])),
        ...Object.fromEntries(ALIPAY_SECRETS.map((name) => [name, ''])),
      },
    },
  };
}

/** The fields filled in, trimmed; a key left empty is not sent, so the stored one stays. */
function filled(values: Text | undefined, names: readonly string[]): Text {
  return Object.fromEntries(
    names.map((name) => [name, (values?.[name] ?? '').trim()]).filter(([, value]) => value !== ''),
  );
}

/**
 * What is saved: each channel's driver, and the real driver's fields only when it is chosen (a
 * channel switched to the sandbox or off keeps its stored settings for later).
 */
export function toPaymentChannelInput(values: PaymentChannelValues): PaymentChannelSettingsInput {
  return {
    WECHAT: {
      driver: values.WECHAT.driver,
      ...(values.WECHAT.driver === 'WECHAT_PAY_V3' && {
        wechatPay: filled(values.WECHAT.wechatPay, [...WECHAT_FIELDS, ...WECHAT_PAY_SECRETS]),
      }),
    },
    ALIPAY: {
      driver: values.ALIPAY.driver,
      ...(values.ALIPAY.driver === 'ALIPAY' && {
        alipay: filled(values.ALIPAY.alipay, [...ALIPAY_FIELDS, ...ALIPAY_SECRETS]),
      }),
    },
  };
}
