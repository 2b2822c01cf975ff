import { createDecipheriv, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * The cryptography of WeChat Pay API v3: requests signed with the merchant's RSA key
 * (`WECHATPAY2-SHA256-RSA2048`), answers and notifications verified with the platform's public
 * key, notifications' resources opened with AEAD_AES_256_GCM under the API v3 key.
 */

const rsaSha256 = (privateKey: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');

/** The `Authorization` header of a request: the message is `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`. */
export function wechatAuthorization(
  signer: { mchId: string; serialNo: string; privateKey: KeyObject },
  request: { method: string; pathWithQuery: string; body: string; timestamp: number; nonce: string },
): string {
  const { method, pathWithQuery, body, timestamp, nonce } = request;
  const signature = rsaSha256(signer.privateKey, `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`);
  const fields = {
    mchid: signer.mchId,
    nonce_str: nonce,
    signature,
    timestamp: String(timestamp),
    serial_no: signer.serialNo,
  };
  return `WECHATPAY2-SHA256-RSA2048 ${Object.entries(fields)
    .map(([name, value]) => `${name}="${value}"`)
    .join(',')}`;
}

/** Whether `Wechatpay-Signature` signs `TIMESTAMP\nNONCE\nBODY\n` with the platform's key. */
export function isWechatSignatureValid(
  platformKey: KeyObject,
  signed: { timestamp: string; nonce: string; body: string; signature: string },
): boolean {
  const message = `${signed.timestamp}\n${signed.nonce}\n${signed.body}\n`;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(platformKey, signed.signature, 'base64');
  } catch {
    return false;
  }
}

/** The `paySign` of the bridge's parameters: `APPID\nTIMESTAMP\nNONCE\nprepay_id=…\n` signed by the merchant. */
export function wechatPaySign(privateKey: KeyObject, appId: string, timeStamp: string, nonceStr: string, pkg: string) {
  return rsaSha256(privateKey, `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
}

/** A notification's encrypted `resource`. */
export interface WechatResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/**
 * The plaintext of a resource (the ciphertext's last 16 bytes are the GCM tag), or undefined when
 * it does not open: a changed byte, another key, or another algorithm.
 */
export function openWechatResource(apiV3Key: Buffer, resource: WechatResource): string | undefined {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return undefined;
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (sealed.length <= 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(sealed.subarray(-16));
    return Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
