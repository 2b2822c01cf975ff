import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Who created or last changed a row, and when. */
const audit = {
  createBy: varchar('create_by', { length: 255 }),
  updateBy: varchar('update_by', { length: 255 }),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
};

export const depts = pgTable(
  'sys_dept',
  {
    id: id(),
    pid: integer('pid'),
    subCount: integer('sub_count').notNull().default(0),
    name: varchar('name', { length: 255 }).notNull(),
    deptSort: integer('dept_sort').notNull().default(999),
    enabled: boolean('enabled').notNull().default(true),
    ...audit,
  },
  (t) => [index('sys_dept_pid_idx').on(t.pid)],
);

export const jobs = pgTable(
  'sys_job',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    jobSort: integer('job_sort').notNull().default(999),
    ...audit,
  },
  (t) => [uniqueIndex('sys_job_name_uq').on(t.name)],
);

export const users = pgTable(
  'sys_user',
  {
    id: id(),
    deptId: integer('dept_id').references(() => depts.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 64 }).notNull(),
    nickName: varchar('nick_name', { length: 255 }).notNull(),
    gender: varchar('gender', { length: 8 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 255 }),
    avatarName: varchar('avatar_name', { length: 255 }),
    avatarPath: varchar('avatar_path', { length: 255 }),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the password is a default one that must be replaced at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    pwdResetTime: ts('pwd_reset_time'),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('sys_user_email_uq').on(sql`lower(${t.email})`),
    index('sys_user_dept_idx').on(t.deptId),
    // The users list's text search (`ILIKE '%…%'` on each) through trigrams (pg_trgm). Without
    // fast update: the embedded database has no autovacuum to empty a pending list that every
    // search would read through.
    index('sys_user_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('sys_user_nick_name_trgm_idx').using('gin', t.nickName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('sys_user_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export const roles = pgTable(
  'sys_role',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    level: integer('level').notNull().default(3),
    description: varchar('description', { length: 255 }),
    /** '全部' all, '本级' own department, '自定义' custom departments (wire values of API.md). */
    dataScope: varchar('data_scope', { length: 16 }).notNull().default('本级'),
    ...audit,
  },
  (t) => [uniqueIndex('sys_role_name_uq').on(t.name)],
);

export const menus = pgTable(
  'sys_menu',
  {
    id: id(),
    pid: integer('pid'),
    subCount: integer('sub_count').notNull().default(0),
    /** 0 directory, 1 menu, 2 button. */
    type: integer('type').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    componentName: varchar('component_name', { length: 255 }),
    component: varchar('component', { length: 255 }),
    menuSort: integer('menu_sort').notNull().default(999),
    icon: varchar('icon', { length: 255 }),
    path: varchar('path', { length: 255 }),
    iFrame: boolean('i_frame').notNull().default(false),
    cache: boolean('cache').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    permission: varchar('permission', { length: 255 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_menu_title_uq').on(t.title),
    uniqueIndex('sys_menu_component_name_uq').on(t.componentName),
    index('sys_menu_pid_idx').on(t.pid),
  ],
);

export const usersRoles = pgTable(
  'sys_users_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_users_roles_role_idx').on(t.roleId)],
);

export const usersJobs = pgTable(
  'sys_users_jobs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);

export const rolesMenus = pgTable(
  'sys_roles_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('sys_roles_menus_menu_idx').on(t.menuId)],
);

export const rolesDepts = pgTable(
  'sys_roles_depts',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    deptId: integer('dept_id')
      .notNull()
      .references(() => depts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] })],
);

export const dicts = pgTable(
  'sys_dict',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    description: varchar('description', { length: 255 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_dict_name_uq').on(t.name)],
);

export const dictDetails = pgTable(
  'sys_dict_detail',
  {
    id: id(),
    dictId: integer('dict_id')
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 255 }).notNull(),
    value: varchar('value', { length: 255 }).notNull(),
    dictSort: integer('dict_sort').notNull().default(999),
    ...audit,
  },
  (t) => [index('sys_dict_detail_dict_idx').on(t.dictId)],
);

/** A signed-in session; the token's `jti` is its id. Deleting the row revokes the token. */
export const sessions = pgTable(
  'auth_session',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    browser: varchar('browser', { length: 255 }),
    loginTime: ts('login_time').notNull().defaultNow(),
    /** The last request made with the session, to the minute. */
    lastSeen: ts('last_seen').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('auth_session_user_idx').on(t.userId), index('auth_session_expires_idx').on(t.expiresAt)],
);

export const captchas = pgTable(
  'auth_captcha',
  {
    uuid: varchar('uuid', { length: 64 }).primaryKey(),
    answer: varchar('answer', { length: 16 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('auth_captcha_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in attempts since the last success per (lower-cased) username, known or not: each attempt
 * counts before its password is checked, and a success deletes the row.
 */
export const loginFailures = pgTable('auth_login_failure', {
  username: varchar('username', { length: 64 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  lastFailure: ts('last_failure').notNull(),
});

/** Codes mailed to confirm an e-mail address or reset a password; single use, short-lived. */
export const verifyCodes = pgTable(
  'auth_verify_code',
  {
    id: id(),
    /** What the code is for, e.g. 'email' (change of address) or 'reset' (forgotten password). */
    scene: varchar('scene', { length: 32 }).notNull(),
    /** The address the code was sent to. */
    target: varchar('target', { length: 255 }).notNull(),
    code: varchar('code', { length: 16 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('auth_verify_code_target_idx').on(t.scene, t.target)],
);

/** Sign-in attempts per client address in the current window, shared by every instance. */
export const rateLimits = pgTable(
  'auth_rate_limit',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    hits: integer('hits').notNull(),
    windowStart: ts('window_start').notNull(),
  },
  (t) => [index('auth_rate_limit_window_idx').on(t.windowStart)],
);

/** Settings served by `api/global/setting`, one JSON document per (sideCode, fromType). */
export const globalSettings = pgTable(
  'global_setting',
  {
    sideCode: varchar('side_code', { length: 32 }).notNull(),
    fromType: varchar('from_type', { length: 32 }).notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updateBy: varchar('update_by', { length: 255 }),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sideCode, t.fromType] })],
);

/** Secrets generated by the server and shared by every instance (PostgreSQL mode). */
export const appSecrets = pgTable('app_secret', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createTime: ts('create_time').notNull().defaultNow(),
});

export const operationLogs = pgTable(
  'sys_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** INFO or ERROR. */
    logType: varchar('log_type', { length: 8 }).notNull(),
    description: varchar('description', { length: 255 }),
    method: varchar('method', { length: 255 }),
    params: text('params'),
    requestIp: varchar('request_ip', { length: 64 }),
    address: varchar('address', { length: 255 }),
    browser: varchar('browser', { length: 255 }),
    time: integer('time'),
    username: varchar('username', { length: 64 }),
    exceptionDetail: text('exception_detail'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('sys_log_create_time_idx').on(t.createTime), index('sys_log_username_idx').on(t.username)],
);

/**
 * Uploaded deployment packages and database scripts, kept as versioned artifacts (the server
 * never runs them): each upload of a name is its next version.
 */
export const artifacts = pgTable(
  'ops_artifact',
  {
    id: id(),
    /** `deploy` (a package) or `database` (an SQL script). */
    kind: varchar('kind', { length: 16 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    version: integer('version').notNull(),
    realName: varchar('real_name', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    notes: varchar('notes', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('ops_artifact_version_uq').on(t.kind, t.name, t.version)],
);

export const storedFiles = pgTable('tool_local_storage', {
  id: id(),
  realName: varchar('real_name', { length: 255 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  suffix: varchar('suffix', { length: 32 }),
  path: varchar('path', { length: 512 }).notNull(),
  type: varchar('type', { length: 64 }),
  size: bigint('size', { mode: 'number' }).notNull(),
  ...audit,
});

/**
 * An agent of the business: a department of the tree that sells through machines, with its
 * terms. Every business row carries the agent's department, so the data scope of roles applies.
 */
export const agents = pgTable(
  'biz_agent',
  {
    id: id(),
    /** The agent's own department (its staff belong to it); one agent per department. */
    deptId: integer('dept_id')
      .notNull()
      .references(() => depts.id, { onDelete: 'restrict' }),
    /** The agent it was created beneath; null for a top-level agent. */
    parentId: integer('parent_id'),
    code: varchar('code', { length: 32 }).notNull(),
    /** PLATFORM, PROVINCE, CITY, DISTRICT or DEALER: deeper than the parent's. */
    level: varchar('level', { length: 16 }).notNull(),
    contactName: varchar('contact_name', { length: 64 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 32 }).notNull(),
    region: varchar('region', { length: 255 }),
    /** Percent of an order's net amount, two decimals; never above the parent's. */
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    machineQuota: integer('machine_quota').notNull().default(0),
    /** Machines the agent holds now, kept by allocation. */
    quotaUsed: integer('quota_used').notNull().default(0),
    settlementAccount: varchar('settlement_account', { length: 128 }),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    /** PENDING_REVIEW → ACTIVE ⇄ FROZEN → TERMINATED. */
    status: varchar('status', { length: 16 }).notNull().default('PENDING_REVIEW'),
    reviewNote: varchar('review_note', { length: 500 }),
    reviewedBy: varchar('reviewed_by', { length: 255 }),
    reviewTime: ts('review_time'),
    ...audit,
  },
  (t) => [
    uniqueIndex('biz_agent_dept_uq').on(t.deptId),
    uniqueIndex('biz_agent_code_uq').on(sql`lower(${t.code})`),
    index('biz_agent_parent_idx').on(t.parentId),
  ],
);

/** Where machines stand: a compound, a school, a factory…, held by an agent. */
export const sites = pgTable(
  'biz_site',
  {
    id: id(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    /** A value of the `site_type` dictionary. */
    type: varchar('type', { length: 32 }).notNull(),
    province: varchar('province', { length: 64 }),
    city: varchar('city', { length: 64 }),
    district: varchar('district', { length: 64 }),
    address: varchar('address', { length: 255 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'string' }),
    latitude: numeric('latitude', { precision: 8, scale: 6, mode: 'string' }),
    ownerName: varchar('owner_name', { length: 64 }),
    ownerPhone: varchar('owner_phone', { length: 32 }),
    /** `RENT` (a fixed monthly fee in fen) or `SHARE` (a percent of revenue). */
    feeType: varchar('fee_type', { length: 8 }).notNull().default('RENT'),
    /** Fen a month for a rent; hundredths of a percent for a share (1250 = 12.50 %). */
    feeValue: integer('fee_value').notNull().default(0),
    /** `ACTIVE` or `CLOSED`. */
    status: varchar('status', { length: 16 }).notNull().default('ACTIVE'),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    ...audit,
  },
  (t) => [index('biz_site_agent_idx').on(t.agentId)],
);

/** A kind of machine: taps, water, tank, output and how it bills. */
export const machineModels = pgTable(
  'biz_machine_model',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    taps: integer('taps').notNull().default(1),
    /** `COLD`, `HOT` or `COLD,HOT`. */
    waterTypes: varchar('water_types', { length: 16 }).notNull().default('COLD'),
    tankLitres: integer('tank_litres').notNull(),
    outputLph: integer('output_lph').notNull(),
    /** `FLOW` (by volume) or `TIME`. */
    billing: varchar('billing', { length: 8 }).notNull().default('FLOW'),
    pulsesPerLitre: integer('pulses_per_litre').notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('biz_machine_model_code_uq').on(sql`lower(${t.code})`)],
);

/**
 * A water machine: what it is, who holds it and where it stands (lifecycle), and how it is
 * (runtime, from its reports) kept apart.
 */
export const machines = pgTable(
  'biz_machine',
  {
    id: id(),
    serialNo: varchar('serial_no', { length: 64 }).notNull(),
    /** The code printed on its sticker, which consumers scan. */
    stickerCode: varchar('sticker_code', { length: 64 }).notNull(),
    imei: varchar('imei', { length: 32 }),
    iccid: varchar('iccid', { length: 32 }),
    modelId: integer('model_id')
      .notNull()
      .references(() => machineModels.id, { onDelete: 'restrict' }),
    firmware: varchar('firmware', { length: 64 }),
    /** The agent holding it; null while in the company's stock. */
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'restrict' }),
    /** IN_STOCK → ALLOCATED → OPERATING ⇄ SUSPENDED → RETIRED → (IN_STOCK | SCRAPPED). */
    lifecycle: varchar('lifecycle', { length: 16 }).notNull().default('IN_STOCK'),
    installedAt: ts('installed_at'),
    activatedAt: ts('activated_at'),
    warrantyEnd: date('warranty_end', { mode: 'string' }),
    /** The hash of the machine's gateway secret (shown once, at registration). */
    secretHash: varchar('secret_hash', { length: 128 }),
    // Runtime, from the machine's reports.
    online: boolean('online').notNull().default(false),
    lastHeartbeat: ts('last_heartbeat'),
    signal: integer('signal'),
    temperature: numeric('temperature', { precision: 4, scale: 1, mode: 'string' }),
    tdsIn: integer('tds_in'),
    tdsOut: integer('tds_out'),
    tankLevel: integer('tank_level'),
    makingWater: boolean('making_water'),
    doorOpen: boolean('door_open'),
    faultBits: integer('fault_bits').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('biz_machine_serial_uq').on(sql`lower(${t.serialNo})`),
    uniqueIndex('biz_machine_sticker_uq').on(sql`lower(${t.stickerCode})`),
    index('biz_machine_agent_idx').on(t.agentId),
    index('biz_machine_site_idx').on(t.siteId),
  ],
);

/** Every allocation, recall and transfer of machines between agents, in batches. */
export const machineAllocations = pgTable(
  'biz_machine_allocation',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    /** `ALLOCATE` (from stock), `RECALL` (back to stock) or `TRANSFER` (between agents). */
    action: varchar('action', { length: 16 }).notNull(),
    fromAgentId: integer('from_agent_id'),
    toAgentId: integer('to_agent_id'),
    note: varchar('note', { length: 500 }),
    createBy: varchar('create_by', { length: 255 }),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('biz_machine_allocation_machine_idx').on(t.machineId),
    index('biz_machine_allocation_batch_idx').on(t.batchNo),
  ],
);

/**
 * What a litre costs, per payment channel, for the machines in its scope: every machine
 * (`ALL`), a model, an agent and the agents beneath it, or one machine. The most specific
 * active policy in effect wins (machine, then the nearest agent, then model, then all).
 */
export const pricePolicies = pgTable(
  'biz_price_policy',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    /** `ALL`, `MODEL`, `AGENT` or `MACHINE`. */
    scope: varchar('scope', { length: 8 }).notNull(),
    /** The model, agent or machine; null for `ALL`. */
    scopeId: integer('scope_id'),
    /** Fen per litre, per channel. */
    priceWechat: integer('price_wechat').notNull(),
    priceAlipay: integer('price_alipay').notNull(),
    priceCard: integer('price_card').notNull(),
    priceCoin: integer('price_coin').notNull(),
    /** Fen per litre for a known member, on any channel; null: members pay the channel's price. */
    memberPrice: integer('member_price'),
    /** Set by staff whose data scope is unrestricted: the platform's own price, at which coupons are valued. */
    setByPlatform: boolean('set_by_platform').notNull().default(false),
    /** Percent off the list amount, two decimals. */
    discountPct: numeric('discount_pct', { precision: 5, scale: 2, mode: 'string' }).notNull().default('0'),
    effectiveFrom: ts('effective_from').notNull(),
    /** `ACTIVE` or `DISABLED`. */
    status: varchar('status', { length: 16 }).notNull().default('ACTIVE'),
    ...audit,
  },
  (t) => [index('biz_price_policy_scope_idx').on(t.scope, t.scopeId)],
);

/** A consumer known by phone or payment openid, and the agent that acquired them. */
export const members = pgTable(
  'biz_member',
  {
    id: id(),
    phone: varchar('phone', { length: 32 }),
    openid: varchar('openid', { length: 64 }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    /**
     * Paid orders, fen paid less refunds, and the last paid order's time, at every agent (what
     * unrestricted staff see; `biz_member_total` has them per agent): kept as orders are paid and
     * refunded.
     */
    orderCount: integer('order_count').notNull().default(0),
    paidTotal: bigint('paid_total', { mode: 'number' }).notNull().default(0),
    lastOrderTime: ts('last_order_time'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('biz_member_phone_uq').on(t.phone),
    uniqueIndex('biz_member_openid_uq').on(t.openid),
    index('biz_member_agent_idx').on(t.agentId, t.createTime),
  ],
);

/**
 * A member's figures at one agent (the agent an order was sold under): what the staff of an agent
 * see of a member who also buys elsewhere. Kept with the member's own (global) figures, by the
 * same writer, as orders are paid and refunded.
 */
export const memberTotals = pgTable(
  'biz_member_total',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    /** Paid orders, fen paid less refunds, and the last paid order's time, at this agent. */
    orderCount: integer('order_count').notNull().default(0),
    paidTotal: bigint('paid_total', { mode: 'number' }).notNull().default(0),
    lastOrderTime: ts('last_order_time'),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.agentId] }),
    index('biz_member_total_agent_idx').on(t.agentId, t.memberId),
  ],
);

/** What a kind of coupon takes off, where it is good, how members come by it and for how long. */
export const couponTemplates = pgTable(
  'biz_coupon_template',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    /** `AMOUNT_OFF`, `PERCENT_OFF` or `FREE_LITRES`. */
    type: varchar('type', { length: 12 }).notNull(),
    /** Fen off, percent off or ml free, by type. */
    value: integer('value').notNull(),
    minSpend: integer('min_spend').notNull().default(0),
    maxDiscount: integer('max_discount'),
    /** `ALL`, `AGENT`, `SITE`, `MACHINE` or `MODEL`, with the ids of those. */
    scope: varchar('scope', { length: 8 }).notNull(),
    scopeIds: integer('scope_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** `CLAIM`, `FIRST_ORDER`, `CODE` or `PUSH`. */
    issueType: varchar('issue_type', { length: 12 }).notNull(),
    /** What members enter for a `CODE` template, upper case. */
    claimCode: varchar('claim_code', { length: 32 }),
    /** How many may be issued (0: no limit), and how many were. */
    total: integer('total').notNull().default(0),
    issued: integer('issued').notNull().default(0),
    perMember: integer('per_member').notNull().default(1),
    /** `FIXED` (from and to) or `DAYS` (valid for that many days from issue). */
    validType: varchar('valid_type', { length: 8 }).notNull(),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    validDays: integer('valid_days'),
    /** `PLATFORM` or `AGENT`: who bears the discount (an agent's lowers its commission base). */
    fundedBy: varchar('funded_by', { length: 8 }).notNull(),
    /** The agent whose template it is; null: the platform's. */
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    /** `DRAFT → ACTIVE ⇄ PAUSED → ENDED`. */
    status: varchar('status', { length: 8 }).notNull().default('DRAFT'),
    ...audit,
  },
  (t) => [
    uniqueIndex('biz_coupon_template_code_uq').on(t.claimCode),
    index('biz_coupon_template_agent_idx').on(t.agentId),
  ],
);

/** A coupon a member holds: `UNUSED → LOCKED (order made) → USED | EXPIRED | REVOKED`. */
export const coupons = pgTable(
  'biz_coupon',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'restrict' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** The template's agent, copied for the data scope; null: the platform's. */
    agentId: integer('agent_id'),
    /** What the member shows at the machine: 12 letters and digits. */
    code: varchar('code', { length: 16 }).notNull(),
    issueType: varchar('issue_type', { length: 12 }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('UNUSED'),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    /** The order that holds or used it. */
    orderId: bigint('order_id', { mode: 'number' }),
    orderTime: ts('order_time'),
    orderNo: varchar('order_no', { length: 32 }),
    /** Fen it took off its order, once used. */
    discountAmount: integer('discount_amount').notNull().default(0),
    createBy: varchar('create_by', { length: 255 }),
    createTime: ts('create_time').notNull().defaultNow(),
    usedTime: ts('used_time'),
  },
  (t) => [
    uniqueIndex('biz_coupon_code_uq').on(t.code),
    index('biz_coupon_member_idx').on(t.memberId, t.templateId),
    index('biz_coupon_template_idx').on(t.templateId, t.status),
    index('biz_coupon_agent_idx').on(t.agentId, t.createTime),
    index('biz_coupon_expiry_idx').on(t.validTo).where(sql`${t.status} = 'UNUSED'`),
  ],
);

/**
 * A sale. Partitioned by month of `create_time` (see the migration), so its key and indexes
 * include that time; what it was sold at is copied onto it and never rewritten.
 */
export const orders = pgTable(
  'biz_order',
  {
    id: bigint('id', { mode: 'number' }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    machineId: integer('machine_id').notNull(),
    /** The machine's own number for the sale: one order per machine and number. */
    machineOrderNo: varchar('machine_order_no', { length: 64 }).notNull(),
    siteId: integer('site_id'),
    agentId: integer('agent_id').notNull(),
    /** The holder and its ancestors at the time of the sale: `/1/4/9/`. */
    agentPath: varchar('agent_path', { length: 255 }).notNull(),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    /** The agents of the path that were frozen at the sale: their commission is held until they are unfrozen. */
    heldAgentIds: integer('held_agent_ids').array().notNull().default(sql`'{}'::integer[]`),
    memberId: integer('member_id'),
    /** `WECHAT`, `ALIPAY`, `CARD` or `COIN`. */
    channel: varchar('channel', { length: 8 }).notNull(),
    tap: integer('tap').notNull(),
    waterType: varchar('water_type', { length: 8 }).notNull(),
    /** Fen per litre. */
    unitPrice: integer('unit_price').notNull(),
    policyId: integer('policy_id'),
    requestedMl: integer('requested_ml').notNull(),
    dispensedMl: integer('dispensed_ml'),
    listAmount: integer('list_amount').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    couponId: bigint('coupon_id', { mode: 'number' }),
    couponAmount: integer('coupon_amount').notNull().default(0),
    payable: integer('payable').notNull(),
    paid: integer('paid').notNull().default(0),
    /** Refunds that succeeded. */
    refunded: integer('refunded').notNull().default(0),
    /** CREATED → PAID → DISPENSING → COMPLETED; see BUSINESS.md for the rest. */
    state: varchar('state', { length: 20 }).notNull(),
    /** The channel's or card's reference of the payment. */
    payRef: varchar('pay_ref', { length: 64 }),
    /** The machine's time of the sale (later than this when it was offline). */
    createTime: ts('create_time').notNull(),
    /** When the server heard of it; unpaid orders close `ORDER_PAY_TIMEOUT` after. */
    receivedTime: ts('received_time').notNull(),
    paidTime: ts('paid_time'),
    dispenseEndTime: ts('dispense_end_time'),
    closeTime: ts('close_time'),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createTime] }),
    index('biz_order_agent_time_idx').on(t.agentId, t.createTime),
    index('biz_order_machine_time_idx').on(t.machineId, t.createTime),
    index('biz_order_no_idx').on(t.orderNo),
    index('biz_order_unpaid_idx').on(t.receivedTime).where(sql`${t.state} = 'CREATED'`),
  ],
);

/** The machine's own numbers of its sales, unique: what makes a retried report one order. */
export const orderKeys = pgTable(
  'biz_order_key',
  {
    machineId: integer('machine_id').notNull(),
    machineOrderNo: varchar('machine_order_no', { length: 64 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderTime: ts('order_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.machineId, t.machineOrderNo] })],
);

/** Money given back on an order: automatically (failed or short dispense) or asked for by staff. */
export const refunds = pgTable(
  'biz_refund',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderTime: ts('order_time').notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    agentId: integer('agent_id').notNull(),
    machineId: integer('machine_id').notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    amount: integer('amount').notNull(),
    /** `DISPENSE_FAILED`, `SHORT_FILL`, `CUSTOMER` or `STAFF`. */
    reason: varchar('reason', { length: 16 }).notNull(),
    note: varchar('note', { length: 500 }),
    /** `PENDING → SUCCESS | FAILED`. */
    status: varchar('status', { length: 8 }).notNull().default('PENDING'),
    /** The channel's reference, entered when finance refunded through the channel. */
    channelRef: varchar('channel_ref', { length: 64 }),
    createBy: varchar('create_by', { length: 255 }),
    reviewedBy: varchar('reviewed_by', { length: 255 }),
    createTime: ts('create_time').notNull().defaultNow(),
    doneTime: ts('done_time'),
  },
  (t) => [
    uniqueIndex('biz_refund_no_uq').on(t.refundNo),
    index('biz_refund_order_idx').on(t.orderId),
    index('biz_refund_agent_time_idx').on(t.agentId, t.createTime),
    index('biz_refund_pending_idx').on(t.createTime).where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Nonces of signed gateway requests, kept while their timestamp could still be accepted. */
export const gatewayNonces = pgTable(
  'biz_gateway_nonce',
  {
    /** The machine's serial number, or `channel:<name>` for a payment channel. */
    sender: varchar('sender', { length: 80 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sender, t.nonce] }), index('biz_gateway_nonce_expiry_idx').on(t.expiresAt)],
);

/** One open alarm per machine and type, raised and resolved when the state flips. */
export const alarms = pgTable(
  'biz_alarm',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    machineId: integer('machine_id').notNull(),
    agentId: integer('agent_id'),
    /** `OFFLINE`, `FAULT`, `TDS_HIGH`, `TANK_EMPTY`, `NO_SALES`, `LEAK` or `PAYMENT_DEVICE`. */
    type: varchar('type', { length: 16 }).notNull(),
    /** `OPEN → ACKNOWLEDGED → RESOLVED`. */
    state: varchar('state', { length: 16 }).notNull().default('OPEN'),
    detail: varchar('detail', { length: 255 }),
    count: integer('count').notNull().default(1),
    firstTime: ts('first_time').notNull(),
    lastTime: ts('last_time').notNull(),
    acknowledgedBy: varchar('acknowledged_by', { length: 255 }),
    resolvedTime: ts('resolved_time'),
  },
  (t) => [
    uniqueIndex('biz_alarm_open_uq').on(t.machineId, t.type).where(sql`${t.state} <> 'RESOLVED'`),
    index('biz_alarm_agent_idx').on(t.agentId, t.firstTime),
  ],
);

const salesFigures = {
  machineId: integer('machine_id').notNull(),
  siteId: integer('site_id'),
  agentId: integer('agent_id').notNull(),
  channel: varchar('channel', { length: 8 }).notNull(),
  /** Orders paid. */
  orders: integer('orders').notNull().default(0),
  /** Millilitres dispensed. */
  dispensedMl: bigint('dispensed_ml', { mode: 'number' }).notNull().default(0),
  /** Fen paid, and fen refunded (refunds counted when they succeed). */
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  discount: bigint('discount', { mode: 'number' }).notNull().default(0),
  coupon: bigint('coupon', { mode: 'number' }).notNull().default(0),
};

/** Sales per machine, channel and hour: what the dashboards read (never the orders). */
export const salesHourly = pgTable('biz_sales_hourly', { hour: ts('hour').notNull(), ...salesFigures }, (t) => [
  primaryKey({ columns: [t.hour, t.machineId, t.channel] }),
  index('biz_sales_hourly_agent_idx').on(t.agentId, t.hour),
]);

/** Sales per machine, channel and day (the server's time zone). */
export const salesDaily = pgTable(
  'biz_sales_daily',
  { day: date('day', { mode: 'string' }).notNull(), ...salesFigures },
  (t) => [
    primaryKey({ columns: [t.day, t.machineId, t.channel] }),
    index('biz_sales_daily_agent_idx').on(t.agentId, t.day),
  ],
);

/** A list exported in the background (too long to answer at once), kept for its user to download. */
export const exportJobs = pgTable(
  'biz_export',
  {
    id: id(),
    /** What is exported: `orders`. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** `PENDING → RUNNING → DONE | FAILED`. */
    status: varchar('status', { length: 8 }).notNull().default('PENDING'),
    rows: integer('rows').notNull().default(0),
    /** The stored file, once done, and its size in bytes. */
    fileName: varchar('file_name', { length: 64 }),
    size: bigint('size', { mode: 'number' }),
    /** Why it failed, in a sentence for its user. */
    error: varchar('error', { length: 255 }),
    userId: integer('user_id').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    doneTime: ts('done_time'),
  },
  (t) => [index('biz_export_user_idx').on(t.userId, t.createTime)],
);
