/** Refusals of withdrawals (under `errors`). */
export const withdrawalsRefusals = {
  en: {
    withdrawals: {
      moreThanAvailable: 'at most {{yuan}} yuan is available',
      belowMinimum: 'at least {{yuan}} yuan per withdrawal',
      feeTakesAll: 'the fee of {{yuan}} yuan leaves nothing to pay out',
      noSettlementAccount: 'Agent “{{name}}” has no settlement account: set one on the agent first',
      agentCannotWithdraw: 'Agent “{{name}}” is frozen or not yet approved: it cannot withdraw now',
      ownRequest: 'You asked for this withdrawal: another person reviews and pays it',
      sayWhyRejected: 'say why the withdrawal is rejected',
      sayWhyFailed: 'say what went wrong with the payout',
      reference: 'give the bank transfer’s reference',
      referenceTaken: 'is the reference of withdrawal {{withdrawalNo}}',
    },
  },
  zh: {
    withdrawals: {
      moreThanAvailable: '最多可提现 {{yuan}} 元',
      belowMinimum: '每笔提现至少 {{yuan}} 元',
      feeTakesAll: '扣除手续费 {{yuan}} 元后没有可到账的金额',
      noSettlementAccount: '代理商「{{name}}」尚未设置结算账户，请先在代理商资料中设置',
      agentCannotWithdraw: '代理商「{{name}}」已冻结或尚未审核通过，暂不能提现',
      ownRequest: '这是您本人申请的提现，须由他人审核和打款',
      sayWhyRejected: '请说明驳回原因',
      sayWhyFailed: '请说明打款失败的原因',
      reference: '请填写银行转账流水号',
      referenceTaken: '已是提现单 {{withdrawalNo}} 的流水号',
    },
  },
};
