import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import { decryptLegacyPassword, loadLegacyKey } from '../../domain/legacy-rsa.ts';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const privateBase64 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');

/** What eladmin-web's JSEncrypt sends: RSA PKCS#1 v1.5, base64. */
const encrypt = (text: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64');

describe('legacy RSA passwords', () => {
  it('decrypts PKCS#1 v1.5 ciphertexts and declines anything else', () => {
    const key = loadLegacyKey(privateBase64);
    expect(decryptLegacyPassword(key, encrypt('héllo-123'))).toBe('héllo-123');
    expect(decryptLegacyPassword(key, 'plain-password')).toBeUndefined();
    expect(decryptLegacyPassword(key, Buffer.alloc(128, 7).toString('base64'))).toBeUndefined();
  });

  describe('sign-in with LEGACY_RSA_PRIVATE_KEY set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ LEGACY_RSA_PRIVATE_KEY: privateBase64 });
    });
    afterAll(() => t.close());

    it('accepts the encrypted password of an existing client', async () => {
      const response = await loginAs(t, 'admin', encrypt(ADMIN_PASSWORD));
      expect(response.statusCode).toBe(200);
      expect(response.json().user.user.username).toBe('admin');
    });

    it('still accepts a plain password, and refuses a wrong encrypted one', async () => {
      expect((await loginAs(t, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
      const wrong = await loginAs(t, 'admin', encrypt('not-it'));
      expect(wrong.json().message).toBe('Wrong username or password');
    });
  });
});
