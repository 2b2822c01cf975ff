import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Channels' addresses and secrets at rest: AES-256-GCM under a key derived from the server's
 * secret (JWT_SECRET, or the one kept in the data directory), so that a copy of the database
 * alone does not give away the robots' keys. Stored as `v1:<iv>:<tag>:<ciphertext>` in base64.
 */
export function secretBox(serverSecret: string) {
  const key = createHash('sha256').update(`water-notify-secret-v1:${serverSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
        .join(':');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

/**
 * A webhook address as answers show it: its scheme and host, then only the last 4 characters
 * (a robot's key sits in its query or its path): `https://qyapi.weixin.qq.com/…a1b2`.
 */
export function maskedUrl(url: string): string {
  const parsed = new URL(url);
  const rest = url.slice(parsed.origin.length);
  return rest.length <= 1 ? parsed.origin : `${parsed.origin}/…${rest.slice(-4)}`;
}
