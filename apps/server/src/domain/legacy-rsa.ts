import { constants, createPrivateKey, type KeyObject, privateDecrypt } from 'node:crypto';

/**
 * Passwords from existing eladmin-web clients arrive RSA-encrypted with PKCS#1 v1.5 padding.
 * Node 20 refuses that padding for private decryption, so the raw block is decrypted and the
 * type-2 padding (00 02 <at least 8 non-zero bytes> 00 <message>) is removed here.
 */
export function loadLegacyKey(base64Pkcs8: string): KeyObject {
  return createPrivateKey({ key: Buffer.from(base64Pkcs8, 'base64'), format: 'der', type: 'pkcs8' });
}

export function decryptLegacyPassword(key: KeyObject, ciphertext: string): string | undefined {
  const modulusBytes = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return undefined;
  const encrypted = Buffer.from(ciphertext, 'base64');
  if (modulusBytes === 0 || encrypted.length !== modulusBytes) return undefined;
  let block: Buffer;
  try {
    block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, encrypted);
  } catch {
    return undefined;
  }
  if (block[0] !== 0x00 || block[1] !== 0x02) return undefined;
  const separator = block.indexOf(0x00, 2);
  if (separator < 10) return undefined;
  return block.subarray(separator + 1).toString('utf8');
}
