/** Texts of the server's refusals, in the console's language (merged as `errors`). */
export const errorsLocales = {
  en: {
    stateConflict:
      'This {{object}} is now “{{state}}”, so this cannot be done (someone may have just done it). Refresh to see it as it is.',
    objects: {
      order: 'order',
      refund: 'refund',
      coupon: 'coupon',
      couponTemplate: 'coupon template',
      machine: 'machine',
      agent: 'agent',
      alarm: 'alarm',
    },
  },
  zh: {
    stateConflict: '该{{object}}当前为「{{state}}」，不能执行此操作（可能刚被他人处理）。请刷新后查看最新状态。',
    objects: {
      order: '订单',
      refund: '退款',
      coupon: '优惠券',
      couponTemplate: '优惠券模板',
      machine: '设备',
      agent: '代理商',
      alarm: '告警',
    },
  },
};
