import { createHash, createHmac, randomBytes } from 'node:crypto';
import { GATEWAY_HEADERS, stringToSign } from '@water/contract/gateway';
import { mqttFixedPasswordToSign, mqttPasswordToSign } from '@water/contract/gateway-mqtt';

/**
 * The key a machine signs its gateway requests with, derived from the secret it was given: the
 * server keeps only this, never the secret itself.
 */
export function signingKeyOf(secret: string): string {
  return createHash('sha256').update(`water-gateway-v1:${secret}`).digest('hex');
}

/** The HMAC-SHA256 signature of a request, as the gateway expects it (lowercase hex). */
export function signature(key: string, method: string, path: string, timestamp: string, nonce: string, body: string) {
  return createHmac('sha256', key)
    .update(stringToSign(method, path, timestamp, nonce, body))
    .digest('hex');
}

/**
 * The headers of a signed gateway request: a machine's (`machine` set, `key` its signing key)
 * or a payment channel's (`key` the notification key).
 */
export function signedHeaders(options: {
  key: string;
  method: string;
  path: string;
  body: string;
  machine?: string;
  now?: number;
  nonce?: string;
}): Record<string, string> {
  const timestamp = String(options.now ?? Date.now());
  const nonce = options.nonce ?? randomBytes(12).toString('base64url');
  return {
    ...(options.machine ? { [GATEWAY_HEADERS.machine]: options.machine } : {}),
    [GATEWAY_HEADERS.timestamp]: timestamp,
    [GATEWAY_HEADERS.nonce]: nonce,
    [GATEWAY_HEADERS.signature]: signature(options.key, options.method, options.path, timestamp, nonce, options.body),
    ...(options.body ? { 'content-type': 'application/json' } : {}),
  };
}

/**
 * A machine's MQTT password at a time (ms): `v1:{timestamp}:{signature}`. It is good once, within
 * the gateway's time window, so a machine makes a new one for every connection.
 */
export function mqttPassword(key: string, serialNo: string, now = Date.now()): string {
  const timestamp = String(now);
  return `v1:${timestamp}:${createHmac('sha256', key).update(mqttPasswordToSign(serialNo, timestamp)).digest('hex')}`;
}

/**
 * A machine's fixed MQTT password: `v1:{signature}` of its serial number alone. It is the same at
 * every connection (an external broker keeps it), so it travels over TLS only.
 */
export function mqttFixedPassword(key: string, serialNo: string): string {
  return `v1:${createHmac('sha256', key).update(mqttFixedPasswordToSign(serialNo)).digest('hex')}`;
}
