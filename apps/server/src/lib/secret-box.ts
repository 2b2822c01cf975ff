import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What a box's secrets are for: each purpose has its own key, so one module's box cannot open another's. */
export type SecretPurpose = 'notify' | 'payment-channel';

/**
 * Secrets at rest (notification channels' addresses, payment channels' keys): AES-256-GCM under a
 * key derived from the server's secret (JWT_SECRET, or the one kept in the data directory) and the
 * purpose, so that a copy of the database alone does not give them away. Stored as
 * `v1:<iv>:<tag>:<ciphertext>` in base64. The notifications' derivation (`water-notify-secret-v1:`)
 * is the one they were sealed with before the box served other purposes.
 */
export function secretBox(serverSecret: string, purpose: SecretPurpose) {
  const key = createHash('sha256').update(`water-${purpose}-secret-v1:${serverSecret}`).digest();
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
