import { generateKeyPairSync } from 'node:crypto';
import { wechatPayV3Driver } from '../../src/modules/payments/wechat-pay-v3.ts';
import { startFakeWechatPay } from './fake-wechat-pay.ts';

export const WECHAT_MERCHANT = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformKeyId: 'PUB_KEY_ID_0119000001092025112600000000',
  apiV3Key: 'a8f1c2d3e4b5a6978899aabbccddeeff',
};

const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (
  key: { export(options: { type: 'pkcs8' | 'spki'; format: 'pem' }): string | Buffer },
  type: 'pkcs8' | 'spki',
) => key.export({ type, format: 'pem' }).toString();

/** A merchant's keys, WeChat Pay's platform keys, the fake channel playing WeChat Pay, and our driver pointed at it. */
export async function wechatPayFixture(options: { balanceFen?: number } = {}) {
  const merchant = rsaKeys();
  const platform = rsaKeys();
  const fake = await startFakeWechatPay({
    ...WECHAT_MERCHANT,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    balanceFen: options.balanceFen,
  });
  const config = {
    ...WECHAT_MERCHANT,
    merchantPrivateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    platformPublicKeyPem: pem(platform.publicKey, 'spki'),
    baseUrl: fake.baseUrl,
  };
  return { fake, driver: wechatPayV3Driver(config), config, merchant, platform, otherKeys: rsaKeys() };
}
