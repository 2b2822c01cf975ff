import { describe, expect, it } from 'vitest';
import { toPaymentChannelInput, toPaymentChannelValues } from './payment-channel-values.ts';

const stored = {
  WECHAT: {
    driver: 'WECHAT_PAY_V3' as const,
    wechatPay: {
      mchId: '1900000109',
      appId: 'wx1',
      merchantSerialNo: 'SERIAL',
      platformKeyId: 'PUB_KEY_ID_1',
      baseUrl: null,
      secretsSet: { merchantPrivateKeyPem: true, apiV3Key: true, platformPublicKeyPem: true },
    },
  },
  ALIPAY: {
    driver: 'SANDBOX' as const,
    alipay: { appId: '2021', gatewayUrl: null, secretsSet: { appPrivateKeyPem: false, alipayPublicKeyPem: false } },
  },
  sandboxByDemo: false,
};

describe('payment channel values', () => {
  it('never fills a key in, and sends back only the fields filled in', () => {
    const values = toPaymentChannelValues(stored);
    expect(values.WECHAT.wechatPay).toMatchObject({ mchId: '1900000109', apiV3Key: '', merchantPrivateKeyPem: '' });
    values.WECHAT.wechatPay.apiV3Key = '  a8f1c2d3e4b5a6978899aabbccddeeff ';
    expect(toPaymentChannelInput(values)).toEqual({
      WECHAT: {
        driver: 'WECHAT_PAY_V3',
        wechatPay: {
          mchId: '1900000109',
          appId: 'wx1',
          merchantSerialNo: 'SERIAL',
          platformKeyId: 'PUB_KEY_ID_1',
          apiV3Key: 'a8f1c2d3e4b5a6978899aabbccddeeff',
        },
      },
      ALIPAY: { driver: 'SANDBOX' },
    });
  });

  it('starts with both channels off when nothing is stored', () => {
    expect(toPaymentChannelInput(toPaymentChannelValues(undefined))).toEqual({
      WECHAT: { driver: 'NONE' },
      ALIPAY: { driver: 'NONE' },
    });
  });
});
