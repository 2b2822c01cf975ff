/**
 * The names a new installation seeds for its departments, jobs, roles and dictionaries, in Chinese. They are
 * stored in English; the console shows them in its language, and a search finds them by either
 * (what staff type is stored, shown and found as typed).
 */
export const SEEDED_NAMES_ZH: Readonly<Record<string, string>> = {
  // Departments
  'Head Office': '总部',
  'R&D': '研发部',
  Operations: '运营部',
  'South Branch': '华南分公司',
  Sales: '销售部',
  Service: '客服部',
  // Jobs
  Chairman: '董事长',
  'General Manager': '总经理',
  Engineer: '工程师',
  'Sales Representative': '销售代表',
  // Roles and their descriptions
  Administrator: '管理员',
  User: '普通用户',
  'Can do everything': '拥有全部权限',
  'Reads the data of their own department': '查看本部门的数据',
  'Agent manager': '代理商经理',
  'Runs an agent: its agents beneath, sites, machines, prices, alarms, orders and refunds':
    '管理本代理商：下级代理商、点位、设备、价格、告警、订单与退款',
  'Runs an agent: its agents beneath, sites, machines, prices, alarms, orders, refunds, members and coupons':
    '管理本代理商：下级代理商、点位、设备、价格、告警、订单、退款、会员与优惠券',
  Finance: '财务',
  'Sees orders and refunds, refunds orders and reviews refunds': '查看订单与退款，发起并审核退款',
  // Dictionaries' descriptions
  'User status': '用户状态',
  'Department status': '部门状态',
  'Job status': '岗位状态',
  'Site type': '点位类型',
  // The site types' labels
  'Residential compound': '住宅小区',
  School: '学校',
  Factory: '工厂',
  Office: '写字楼',
  Shop: '商铺',
};

/** The seeded names whose Chinese contains `text` (case-insensitive), for a search to find them too. */
export function seededNamesMatching(text: string | undefined): string[] {
  const wanted = text?.trim().toLowerCase();
  if (!wanted) return [];
  return Object.entries(SEEDED_NAMES_ZH)
    .filter(([, zh]) => zh.toLowerCase().includes(wanted))
    .map(([english]) => english);
}
