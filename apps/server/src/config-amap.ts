import Type, { type Static } from 'typebox';

/**
 * AMap (高德) web services for the fleet map: the security code (安全密钥) the server adds to the
 * calls it forwards, which the browser never sees; the tiles need none (docs/map.md).
 */
export const AMAP_ENVIRONMENT = {
  AMAP_SECURITY_CODE: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9]{8,64}$', description: '8 to 64 letters and digits' }),
  ),
  AMAP_SERVICE_URL: Type.Optional(
    Type.String({ pattern: '^https?://[^\\s/]+(/\\S*)?$', description: 'an http(s) address' }),
  ),
};

/** The settings a refusal never repeats. */
export const AMAP_KEYS = ['AMAP_SECURITY_CODE'];

export interface AmapConfig {
  /** AMAP_SECURITY_CODE: unset, the server forwards nothing to AMap. */
  securityCode: string | undefined;
  /** AMAP_SERVICE_URL: where AMap's web services answer (default https://restapi.amap.com). */
  serviceUrl: string;
}

export function amapConfig(e: Partial<Record<keyof typeof AMAP_ENVIRONMENT, string>>): AmapConfig {
  return {
    securityCode: e.AMAP_SECURITY_CODE,
    serviceUrl: (e.AMAP_SERVICE_URL ?? 'https://restapi.amap.com').replace(/\/+$/, ''),
  };
}

export type AmapEnvironment = Static<Type.TObject<typeof AMAP_ENVIRONMENT>>;
