import { generateKeyPairSync } from 'node:crypto';
import { alipayDriver } from '../../src/modules/payments/alipay.ts';
import { startFakeAlipay } from './fake-alipay.ts';

export const ALIPAY_APP_ID = '2021004100000001';

const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** An application's keys, Alipay's keys, the fake gateway playing Alipay, and our driver pointed at it. */
export async function alipayFixture(options: { balanceFen?: number } = {}) {
  const app = rsaKeys();
  const alipay = rsaKeys();
  const fake = await startFakeAlipay({
    appId: ALIPAY_APP_ID,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
    balanceFen: options.balanceFen,
  });
  const config = {
    appId: ALIPAY_APP_ID,
    appPrivateKeyPem: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKeyPem: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    gatewayUrl: fake.gatewayUrl,
  };
  return { fake, driver: alipayDriver(config), config, app, alipay, otherKeys: rsaKeys() };
}
