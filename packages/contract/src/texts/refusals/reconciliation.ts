/** Refusals of reconciliation with the payment channels (under `errors`). */
export const reconciliationRefusals = {
  en: {
    reconciliation: {
      platformOnly:
        'Reconciliation with the payment channels is the platform’s: only staff whose data scope is unrestricted import statements',
      tooLarge: 'the statement is larger than {{mb}} MB',
      notAStatement:
        'is not a statement we read: upload WeChat Pay’s trade bill (交易账单) or Alipay’s business detail (业务明细) as CSV',
      accountLog:
        'is Alipay’s account log (账务明细): upload the business detail (业务明细) CSV of the same zip instead',
      wrongChannel: 'is a {{format}}, not a statement of {{channel}}',
      missingColumn: 'has no column “{{column}}”',
      noRows: 'has no rows',
      cutOff: 'says it holds {{expected}} rows but {{found}} were read: the file may be cut off',
      badAmount: 'line {{line}}: “{{value}}” in “{{column}}” is not an amount in yuan',
      badTime: 'line {{line}}: “{{value}}” in “{{column}}” is not a time',
      noNumber: 'line {{line}}: “{{column}}” is empty',
      badState: 'line {{line}}: “{{value}}” in “{{column}}” is not a state we know',
      otherDay: 'holds no row of {{day}}: its rows are of {{found}}; choose the statement’s own day',
      channels: { WECHAT: 'WeChat Pay', ALIPAY: 'Alipay' },
    },
  },
  zh: {
    reconciliation: {
      platformOnly: '与支付渠道对账属于平台业务：只有数据范围不受限的员工才能导入对账单',
      tooLarge: '对账单超过 {{mb}} MB',
      notAStatement: '不是可识别的对账单：请上传微信支付交易账单或支付宝业务明细的 CSV 文件',
      accountLog: '是支付宝账务明细：请改为上传同一压缩包中的业务明细 CSV',
      wrongChannel: '是{{format}}，不是{{channel}}的对账单',
      missingColumn: '缺少列「{{column}}」',
      noRows: '没有数据行',
      cutOff: '汇总为 {{expected}} 行，实际读到 {{found}} 行：文件可能不完整',
      badAmount: '第 {{line}} 行：「{{column}}」中的「{{value}}」不是以元为单位的金额',
      badTime: '第 {{line}} 行：「{{column}}」中的「{{value}}」不是有效的时间',
      noNumber: '第 {{line}} 行：「{{column}}」为空',
      badState: '第 {{line}} 行：「{{column}}」中的「{{value}}」不是已知的状态',
      otherDay: '中没有 {{day}} 的记录：其记录属于 {{found}}，请选择对账单自己的日期',
      channels: { WECHAT: '微信支付', ALIPAY: '支付宝' },
    },
  },
};
