/** Refusals of the payment side: channels, their drivers and the sandbox (under `errors`). */
export const paymentsRefusals = {
  en: {
    payments: {
      channelUnavailable: '{{channel}} is not available for payments now: choose another way to pay',
      channels: { WECHAT: 'WeChat Pay', ALIPAY: 'Alipay' },
      noPayment: 'No such sandbox payment',
      sandboxDone: 'This sandbox payment is {{state}} already',
      missingSecret: 'is required the first time this driver is chosen',
      badKey: 'is not a key this driver can use',
      apiV3KeyLength: 'must be 32 characters',
      httpsOnly: 'must be an http(s) address',
      replayed: 'This notification was taken before: nothing changes',
    },
  },
  zh: {
    payments: {
      channelUnavailable: '暂不能使用{{channel}}付款，请选择其他付款方式',
      channels: { WECHAT: '微信支付', ALIPAY: '支付宝' },
      noPayment: '没有这笔沙箱支付',
      sandboxDone: '这笔沙箱支付已{{state}}',
      missingSecret: '首次选用该支付方式时必填',
      badKey: '不是该支付方式可用的密钥',
      apiV3KeyLength: '必须为 32 个字符',
      httpsOnly: '必须是 http(s) 地址',
      replayed: '该通知已处理过，不再重复处理',
    },
  },
};
