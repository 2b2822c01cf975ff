import { createCipheriv, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import type { ReceivedRequest } from './channel-server.ts';

/** WeChat Pay's times: RFC 3339 in China time (`2026-11-27T00:30:05+08:00`). */
export const wechatTime = (date: Date) => `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * Whether a request carries the merchant's `WECHATPAY2-SHA256-RSA2048` signature, as WeChat Pay
 * checks it: its merchant and certificate serial, a timestamp within five minutes, and the RSA
 * signature of `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` under the merchant's public key.
 */
export function isMerchantRequestSigned(
  merchant: { mchId: string; merchantSerialNo: string; merchantPublicKey: KeyObject },
  request: ReceivedRequest,
): boolean {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return false;
  const fields = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
  const fresh = Math.abs(Date.now() / 1000 - Number(fields.timestamp)) <= 300;
  const message = `${request.method}\n${request.url}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
  return (
    fields.mchid === merchant.mchId &&
    fields.serial_no === merchant.merchantSerialNo &&
    fresh &&
    createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.merchantPublicKey, fields.signature ?? '', 'base64')
  );
}

/** A notification's body: `content` sealed with AES-256-GCM under the API v3 key, the tag after the ciphertext. */
export function sealedEnvelope(apiV3Key: string, eventType: string, originalType: string, content: object): string {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(originalType));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(content)), cipher.final(), cipher.getAuthTag()]);
  return JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: wechatTime(new Date()),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
    resource: {
      original_type: originalType,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      associated_data: originalType,
      nonce,
    },
  });
}
