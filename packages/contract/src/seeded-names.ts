/**
 * The names a new installation seeds for its departments, jobs, roles and dictionaries, in Chinese. They are
 * stored in English; the console shows them in its language, and a search finds them by either
 * (what staff type is stored, shown and found as typed).
 */
export const SEEDED_NAMES_ZH = {
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
  Technician: '技术员',
  'Accepts, carries out and completes the work orders assigned to them, with photos':
    '接单、处理并完成派给自己的工单（含照片）',
  'Sees orders and refunds, refunds orders and reviews refunds': '查看订单与退款，发起并审核退款',
  'Sees orders and refunds, refunds orders and reviews refunds; keeps the ledger and closes its periods':
    '查看订单与退款，发起并审核退款；管理总账并结账',
  'Sees orders and refunds, refunds orders and reviews refunds; keeps the ledger and closes its periods; reads the change records':
    '查看订单与退款，发起并审核退款；管理总账并结账；查阅变更记录',
  // Dictionaries' descriptions
  'User status': '用户状态',
  'Department status': '部门状态',
  'Job status': '岗位状态',
  'Site type': '点位类型',
  // The statuses' labels
  Active: '激活',
  Enabled: '启用',
  Disabled: '禁用',
  // The site types' labels
  'Residential compound': '住宅小区',
  School: '学校',
  Factory: '工厂',
  Office: '写字楼',
  Shop: '商铺',
};

/**
 * The titles of the fixed pages and of the seeded menus (buttons among them), in Chinese: the
 * sidebar, the Menus page and the server's texts show them so; a title staff typed shows as typed.
 */
export const SEEDED_MENU_TITLES_ZH = {
  Home: '首页',
  'Personal center': '个人中心',
  System: '系统管理',
  Users: '用户管理',
  Roles: '角色管理',
  Menus: '菜单管理',
  Departments: '部门管理',
  Jobs: '岗位管理',
  Dictionaries: '字典管理',
  Monitor: '系统监控',
  'Online users': '在线用户',
  'Operation log': '操作日志',
  'Change records': '变更记录',
  'Error log': '异常日志',
  Server: '服务监控',
  SQL: 'SQL 监控',
  Tools: '系统工具',
  Storage: '存储管理',
  'Global settings': '全局设置',
  Operations: '运维管理',
  Business: '业务管理',
  Agents: '代理商管理',
  Machines: '设备管理',
  Sites: '点位管理',
  'Machine models': '设备型号',
  Firmware: '固件升级',
  'Price policies': '价格策略',
  Alarms: '告警中心',
  Orders: '订单管理',
  Refunds: '退款管理',
  Members: '会员管理',
  Coupons: '优惠券管理',
  Finance: '财务管理',
  Statements: '分润对账单',
  Ledger: '总账',
  Withdrawals: '提现管理',
  Reconciliation: '渠道对账',
  Reports: '报表',
  'Water cards': '水卡管理',
  'Field operations': '现场运维',
  'Work orders': '工单管理',
  'My work orders': '我的工单',
  Notifications: '通知管理',
  SLA: 'SLA 管理',
  Filters: '滤芯计划',
  Map: '设备地图',
  'Parts and stock': '配件库存',
  // Buttons of the seeded menus (permission trees).
  'User: add': '用户新增',
  'User: edit': '用户编辑',
  'User: delete': '用户删除',
  'Role: add': '角色新增',
  'Role: edit': '角色编辑',
  'Role: delete': '角色删除',
  'Menu: add': '菜单新增',
  'Menu: edit': '菜单编辑',
  'Menu: delete': '菜单删除',
  'Department: add': '部门新增',
  'Department: edit': '部门编辑',
  'Department: delete': '部门删除',
  'Job: add': '岗位新增',
  'Job: edit': '岗位编辑',
  'Job: delete': '岗位删除',
  'Dictionary: add': '字典新增',
  'Dictionary: edit': '字典编辑',
  'Dictionary: delete': '字典删除',
  'File: add': '文件新增',
  'File: edit': '文件编辑',
  'File: delete': '文件删除',
  'Online users: kick out': '强制退出',
  'Global settings: edit': '全局设置编辑',
  'Deployment package: upload': '部署包上传',
  'Database scripts: list': '数据库脚本查看',
  'Database script: upload': '数据库脚本上传',
  'Agent: add': '代理商新增',
  'Agent: edit': '代理商编辑',
  'Agent: review': '代理商审核',
  'Machine: register': '设备登记',
  'Machine: edit': '设备编辑',
  'Machine: command': '设备指令',
  'Site: add': '点位新增',
  'Site: edit': '点位编辑',
  'Site: delete': '点位删除',
  'Machine: allocate': '设备分配',
  'Machine: operate': '设备运营',
  'Machine model: edit': '型号编辑',
  'Machine model: delete': '型号删除',
  'Price policy: add': '价格策略新增',
  'Price policy: edit': '价格策略编辑',
  'Price policy: delete': '价格策略删除',
  'Alarm: handle': '告警处理',
  'Order: refund': '订单退款',
  'Refund: review': '退款审核',
  'Coupon: add': '优惠券新增',
  'Coupon: edit': '优惠券编辑',
  'Coupon: delete': '优惠券删除',
  'Coupon: issue': '优惠券发放',
  'Ledger: close period': '总账结账',
  'Withdrawal: request': '提现申请',
  'Withdrawal: review': '提现审核',
  'Withdrawal: pay': '提现打款',
  'Notifications: edit': '通知设置',
  'Parts: edit': '配件编辑',
  'Stock: move': '库存出入',
  'SLA: edit': 'SLA 目标设置',
  'Filters: edit': '滤芯设置',
  'Reconciliation: import': '对账单导入',
  'Reconciliation: resolve': '对账差异处理',
  'Water card: issue': '水卡发行',
  'Water card: top up': '水卡充值',
  'Water card: edit': '水卡挂失补卡',
  'Work order: add': '工单新增',
  'Work order: assign': '工单派单',
  'Work order: edit': '工单取消与重开',
};

/**
 * A stored name in a language: a seeded name (or, for a menu, a seeded title) translated, anything
 * else as stored. A department and a menu may share an English name ("Operations") but not its Chinese.
 */
export function seededNameIn(language: 'en' | 'zh', name: string, kind: 'name' | 'menuTitle' = 'name'): string {
  const names: Readonly<Record<string, string>> = kind === 'menuTitle' ? SEEDED_MENU_TITLES_ZH : SEEDED_NAMES_ZH;
  return language === 'zh' && Object.hasOwn(names, name) ? (names[name] as string) : name;
}

/** The seeded names whose Chinese contains `text` (case-insensitive), for a search to find them too. */
export function seededNamesMatching(text: string | undefined): string[] {
  const wanted = text?.trim().toLowerCase();
  if (!wanted) return [];
  return Object.entries(SEEDED_NAMES_ZH)
    .filter(([, zh]) => zh.toLowerCase().includes(wanted))
    .map(([english]) => english);
}
