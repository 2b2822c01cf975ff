import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** A merchant's WeChat Pay API v3 settings (keys as PEM, opened from the secret box by the caller). */
export interface WechatPayConfig {
  mchId: string;
  /** The official account's or mini program's AppID the payments are made in. */
  appId: string;
  /** The serial number of the merchant's API certificate, sent with every signed request. */
  merchantSerialNo: string;
  merchantPrivateKeyPem: string;
  /** The API v3 key: 32 bytes, which opens notifications' resources. */
  apiV3Key: string;
  /** WeChat Pay's public key, which signs answers and notifications. */
  platformPublicKeyPem: string;
  /** Its ID (`PUB_KEY_ID_…`) or platform certificate serial, as `Wechatpay-Serial` names it. */
  platformKeyId: string;
  baseUrl?: string;
}

/** What the driver works with: the keys opened once, the clock and the HTTP client. */
export interface WechatPaySetup {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantKey: KeyObject;
  apiV3Key: Buffer;
  platformKey: KeyObject;
  platformKeyId: string;
  baseUrl: string;
  now: () => Date;
  fetch: typeof fetch;
}

export const WECHAT_PAY_BASE_URL = 'https://api.mch.weixin.qq.com';

/** Opens the keys of a configuration; a key that is not what it should be fails here, at start, not at the first payment. */
export function wechatPaySetup(
  config: WechatPayConfig,
  deps: { now?: () => Date; fetch?: typeof fetch } = {},
): WechatPaySetup {
  const apiV3Key = Buffer.from(config.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new RangeError('the WeChat Pay API v3 key must be 32 bytes');
  return {
    mchId: config.mchId,
    appId: config.appId,
    merchantSerialNo: config.merchantSerialNo,
    merchantKey: createPrivateKey(config.merchantPrivateKeyPem),
    apiV3Key,
    platformKey: createPublicKey(config.platformPublicKeyPem),
    platformKeyId: config.platformKeyId,
    baseUrl: (config.baseUrl ?? WECHAT_PAY_BASE_URL).replace(/\/$/, ''),
    now: deps.now ?? (() => new Date()),
    fetch: deps.fetch ?? fetch,
  };
}

/** Signed messages older or newer than this are refused: WeChat Pay's own window. */
export const WECHAT_SIGNATURE_WINDOW_SECONDS = 300;
