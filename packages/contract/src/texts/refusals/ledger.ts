/** Refusals of the ledger: closing periods, statements (under `errors`). */
export const ledgerRefusals = {
  en: {
    ledger: {
      periodNotOver: 'The period {{period}} is not over yet: it can be closed from {{day}}',
      periodClosed: 'The period {{period}} is closed already (the books are closed through {{closedThrough}})',
      periodGap: 'Close the days before {{period}} first: the books are closed through {{closedThrough}}',
      openDiscrepancies_one: 'The period {{period}} has {{count}} open reconciliation discrepancy: resolve it first',
      openDiscrepancies_other:
        'The period {{period}} has {{count}} open reconciliation discrepancies: resolve them first',
      rangeTooLong: 'must cover at most {{days}} days',
      rangeReversed: 'must not end before it starts',
      noAgent: 'No agent with id {{id}} in your reach',
    },
  },
  zh: {
    ledger: {
      periodNotOver: '期间 {{period}} 尚未结束：{{day}} 起才能结账',
      periodClosed: '期间 {{period}} 已结账（账簿已结至 {{closedThrough}}）',
      periodGap: '请先结账 {{period}} 之前的日期：账簿已结至 {{closedThrough}}',
      openDiscrepancies_one: '期间 {{period}} 还有 {{count}} 条未处理的对账差异，请先处理',
      openDiscrepancies_other: '期间 {{period}} 还有 {{count}} 条未处理的对账差异，请先处理',
      rangeTooLong: '最多 {{days}} 天',
      rangeReversed: '结束日期不能早于开始日期',
      noAgent: '你的数据范围内没有 ID 为 {{id}} 的代理商',
    },
  },
};
