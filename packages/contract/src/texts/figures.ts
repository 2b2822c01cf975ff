/**
 * Texts of the sales figures of agents, sites and machines, in their lists, files and the home
 * page's ranking (merged into the locale files as `figures`).
 */
export const figuresLocales = {
  en: {
    todayNet: 'Net sales today',
    todayOrders: 'Orders today',
    todayVolume: 'Water today',
    weekNet: 'Net sales this week',
    weekOrders: 'Orders this week',
    weekVolume: 'Water this week',
    monthNet: 'Net sales this month',
    monthOrders: 'Orders this month',
    monthVolume: 'Water this month',
    ordersAndLitres_one: '{{count}} order · {{litres}} L',
    ordersAndLitres_other: '{{count}} orders · {{litres}} L',
    periods: { TODAY: 'Today', WEEK: 'This week', MONTH: 'This month' },
    ranking: 'Best sellers',
    rankingPeriod: 'Period of the ranking',
    rankingOf: { agents: 'Agents', sites: 'Sites', machines: 'Machines' },
    noSales: 'No sales in this period.',
    ordersOf: 'Orders of {{name}}',
  },
  zh: {
    todayNet: '今日净销售额',
    todayOrders: '今日订单数',
    todayVolume: '今日售水量',
    weekNet: '本周净销售额',
    weekOrders: '本周订单数',
    weekVolume: '本周售水量',
    monthNet: '本月净销售额',
    monthOrders: '本月订单数',
    monthVolume: '本月售水量',
    ordersAndLitres_other: '{{count}} 单 · {{litres}} 升',
    periods: { TODAY: '今日', WEEK: '本周', MONTH: '本月' },
    ranking: '销售排行',
    rankingPeriod: '排行周期',
    rankingOf: { agents: '代理商', sites: '点位', machines: '设备' },
    noSales: '该周期暂无销售。',
    ordersOf: '{{name}} 的订单',
  },
};
