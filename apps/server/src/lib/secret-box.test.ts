import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';

describe('secretBox', () => {
  it('opens what it sealed, only under the same purpose', () => {
    const sealed = secretBox('server-secret', 'payment-channel').seal('-----BEGIN PRIVATE KEY-----');
    expect(secretBox('server-secret', 'payment-channel').open(sealed)).toBe('-----BEGIN PRIVATE KEY-----');
    expect(() => secretBox('server-secret', 'notify').open(sealed)).toThrow();
  });

  it('still opens the notification channels sealed before it served other purposes', () => {
    // Sealed as the notifications' box did: key = sha256("water-notify-secret-v1:" + server secret).
    const key = createHash('sha256').update('water-notify-secret-v1:server-secret').digest();
    const iv = Buffer.alloc(12, 7);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([
      cipher.update('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', 'utf8'),
      cipher.final(),
    ]);
    const sealed = ['v1', ...[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64'))].join(':');
    expect(secretBox('server-secret', 'notify').open(sealed)).toBe(
      'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
    );
  });
});
