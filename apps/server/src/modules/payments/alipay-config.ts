import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** An Alipay application's settings (keys as PEM, opened from the secret box by the caller). */
export interface AlipayConfig {
  appId: string;
  appPrivateKeyPem: string;
  /** Alipay's public key for the application (not the application's own public key). */
  alipayPublicKeyPem: string;
  gatewayUrl?: string;
}

/** What the driver works with: the keys opened once, the clock and the HTTP client. */
export interface AlipaySetup {
  appId: string;
  appKey: KeyObject;
  alipayKey: KeyObject;
  gatewayUrl: string;
  now: () => Date;
  fetch: typeof fetch;
}

export const ALIPAY_GATEWAY_URL = 'https://openapi.alipay.com/gateway.do';

export function alipaySetup(config: AlipayConfig, deps: { now?: () => Date; fetch?: typeof fetch } = {}): AlipaySetup {
  return {
    appId: config.appId,
    appKey: createPrivateKey(config.appPrivateKeyPem),
    alipayKey: createPublicKey(config.alipayPublicKeyPem),
    gatewayUrl: config.gatewayUrl ?? ALIPAY_GATEWAY_URL,
    now: deps.now ?? (() => new Date()),
    fetch: deps.fetch ?? fetch,
  };
}
