import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_HEADERS } from '@water/contract/payments';
import { type ChannelNotification, headerOf } from './payment-driver.ts';

/** Notifications older or newer than this are refused, as the real channels refuse them. */
export const SANDBOX_SIGNATURE_WINDOW_SECONDS = 300;

/**
 * The sandbox's notification key: derived from the server's secret with a purpose of its own,
 * so it opens nothing else and needs no setting.
 */
export function sandboxKey(serverSecret: string): Buffer {
  return createHash('sha256').update(`water-payment-sandbox-v1:${serverSecret}`).digest();
}

const signatureOf = (key: Buffer, timestamp: string, nonce: string, body: string) =>
  createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');

/** The headers of a notification the sandbox sends: its id, time, nonce, and the HMAC-SHA256 over them and the body. */
export function sandboxSignedHeaders(key: Buffer, notificationId: string, body: string, now: Date) {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'content-type': 'application/json',
    [SANDBOX_HEADERS.id]: notificationId,
    [SANDBOX_HEADERS.timestamp]: timestamp,
    [SANDBOX_HEADERS.nonce]: nonce,
    [SANDBOX_HEADERS.signature]: signatureOf(key, timestamp, nonce, body),
  };
}

/** Why a sandbox notification proves nothing, or undefined when its signature is good and fresh. */
export function sandboxSignatureProblem(
  key: Buffer,
  notification: ChannelNotification,
  now: Date,
): 'BAD_SIGNATURE' | 'STALE' | undefined {
  const header = (name: string) => headerOf(notification.headers, name);
  const timestamp = header(SANDBOX_HEADERS.timestamp);
  const nonce = header(SANDBOX_HEADERS.nonce);
  const signature = header(SANDBOX_HEADERS.signature);
  if (!timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp)) return 'BAD_SIGNATURE';
  const expected = Buffer.from(signatureOf(key, timestamp, nonce, notification.rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'BAD_SIGNATURE';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SANDBOX_SIGNATURE_WINDOW_SECONDS) return 'STALE';
  return undefined;
}
