import Type, { type Static } from 'typebox';
import { DateTime, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';

export const OperationLog = Type.Object({
  id: Type.Integer(),
  logType: Type.String({ description: 'INFO or ERROR' }),
  description: Type.Union([Type.String(), Type.Null()]),
  method: Type.Union([Type.String(), Type.Null()]),
  params: Type.Union([Type.String(), Type.Null()]),
  requestIp: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  browser: Type.Union([Type.String(), Type.Null()]),
  time: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  createTime: DateTime,
});
export type OperationLog = Static<typeof OperationLog>;

/** The operation log's list, on the page and in its Excel file. */
export const OPERATION_LOG_COLUMNS = listColumns<OperationLog>()({
  username: { field: 'username', title: 'logs.username', sortable: true },
  requestIp: { field: 'requestIp', title: 'logs.ip' },
  address: { field: 'address', title: 'logs.address', kind: 'enum', labels: 'logs.addresses' },
  description: { field: 'description', title: 'logs.description' },
  method: { field: 'method', title: 'logs.request' },
  params: { field: 'params', title: 'logs.params', fileOnly: true },
  browser: { field: 'browser', title: 'logs.browser' },
  time: { field: 'time', title: 'logs.durationInMs', sortable: true },
  createTime: { field: 'createTime', title: 'logs.createTime', sortable: true, width: 180 },
});

/** An entry of the error log in its Excel file: with what went wrong, which its list leaves to its detail. */
export type ErrorLogRow = OperationLog & { exceptionDetail?: string | null };

/** The error log's list, on the page and in its Excel file: the operation log's, with what went wrong. */
export const ERROR_LOG_COLUMNS = listColumns<ErrorLogRow>()({
  username: OPERATION_LOG_COLUMNS.username,
  requestIp: OPERATION_LOG_COLUMNS.requestIp,
  address: OPERATION_LOG_COLUMNS.address,
  description: OPERATION_LOG_COLUMNS.description,
  method: OPERATION_LOG_COLUMNS.method,
  params: OPERATION_LOG_COLUMNS.params,
  browser: OPERATION_LOG_COLUMNS.browser,
  time: OPERATION_LOG_COLUMNS.time,
  exception: { field: 'exceptionDetail', title: 'logs.exception', fileOnly: true },
  createTime: OPERATION_LOG_COLUMNS.createTime,
});

/** What an operation or error log is filtered by, in its list and its export. */
export const LogFilter = Type.Object({
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'Part of the user, description or IP' })),
  username: Type.Optional(Type.String({ maxLength: 64, description: 'Exactly this user' })),
  createTime: Type.Optional(
    Type.Array(Type.String(), {
      maxItems: 2,
      description: 'from, to: yyyy-MM-dd HH:mm:ss; a bare date to includes its day',
    }),
  ),
});

export const LogQuery = Type.Intersect([PageQuery, LogFilter]);

export const OnlineQuery = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 64, description: 'Part of the username or nickname' })),
});

export const OnlineUser = Type.Object({
  key: Type.String({ description: 'Opaque; send it back to kick the session out' }),
  uid: Type.String({ description: 'The session id, as eladmin names it: the same value as key' }),
  userName: Type.String(),
  nickName: Type.String(),
  dept: Type.Union([Type.String(), Type.Null()]),
  browser: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  loginTime: DateTime,
  lastSeen: Type.Union([DateTime, Type.Null()], { description: 'The last request of the session, to the minute' }),
});
export type OnlineUser = Static<typeof OnlineUser>;

/** The online users' list, on the page and in its Excel file. */
export const ONLINE_COLUMNS = listColumns<OnlineUser>()({
  userName: { field: 'userName', title: 'online.userName', sortable: true },
  nickName: { field: 'nickName', title: 'online.nickName', sortable: true },
  dept: { field: 'dept', title: 'online.dept', sortable: true },
  ip: { field: 'ip', title: 'online.ip', sortable: true },
  address: { field: 'address', title: 'online.address', kind: 'enum', labels: 'online.addresses' },
  browser: { field: 'browser', title: 'online.browser', sortable: true },
  loginTime: { field: 'loginTime', title: 'online.loginTime', sortable: true, width: 180 },
  lastSeen: { field: 'lastSeen', title: 'online.lastSeen', sortable: true, width: 180 },
});

/** A figure of the home page: null for a caller without the permission to see it. */
const Figure = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description });

export const DashboardStats = Type.Object({
  users: Figure('Users in the caller’s data scope (user:list)'),
  onlineUsers: Figure('Users in scope signed in now (online:list)'),
  menus: Figure('Menus (menu:list)'),
  dicts: Figure('Dictionaries (dict:list)'),
  signIns: Type.Union([Type.Array(Type.Object({ date: Type.String(), count: Type.Integer() })), Type.Null()], {
    description: 'Sign-ins of users in scope over the last 7 days, oldest first (user:list or log:list); else null',
  }),
});
export type DashboardStats = Static<typeof DashboardStats>;

export const ServerStatus = Type.Object({
  system: Type.Object({
    os: Type.String(),
    hostname: Type.String(),
    ip: Type.String({ description: 'The first external IPv4 address, or 127.0.0.1' }),
    uptimeSeconds: Type.Integer({ description: 'Of the machine' }),
    nodeVersion: Type.String(),
    processUptimeSeconds: Type.Integer({ description: 'Of the server process' }),
    time: DateTime,
  }),
  cpu: Type.Object({
    model: Type.String(),
    cores: Type.Integer({ description: 'Logical processors' }),
    physicalCores: Type.Integer(),
    packages: Type.Integer({ description: 'Physical processors (sockets)' }),
    loadAverage: Type.Array(Type.Number(), { description: '1, 5 and 15 minutes' }),
    usedPercent: Type.Number({ description: 'Share of CPU time busy since the previous sample' }),
  }),
  memory: Type.Object({
    totalBytes: Type.Integer(),
    usedBytes: Type.Integer({ description: 'Total less available (caches the system can free are not used)' }),
    availableBytes: Type.Integer(),
    processRssBytes: Type.Integer(),
  }),
  swap: Type.Object({ totalBytes: Type.Integer(), usedBytes: Type.Integer() }),
  disk: Type.Object({ path: Type.String(), totalBytes: Type.Integer(), usedBytes: Type.Integer() }),
  eventLoop: Type.Object({
    meanMs: Type.Number({ description: 'Mean event-loop delay since the previous sample' }),
    maxMs: Type.Number({ description: 'Longest event-loop delay since the previous sample' }),
  }),
  database: Type.Object({
    kind: Type.String(),
    sizeBytes: Type.Integer(),
    version: Type.String(),
    connections: Type.Integer({ description: 'Open connections to this database' }),
    maxConnections: Type.Integer({ description: 'The server setting max_connections' }),
  }),
});
export type ServerStatus = Static<typeof ServerStatus>;

/** A total, used and available size as eladmin wrote them ("15.5 GiB") and the used share ("12.34"). */
const EladminUsage = Type.Object({
  total: Type.String(),
  used: Type.String(),
  available: Type.String(),
  usageRate: Type.String({ description: 'Used share in percent, two decimals' }),
});

/** `GET api/monitor`: eladmin's server figures, for existing eladmin-web clients. */
export const EladminMonitor = Type.Object({
  sys: Type.Object({
    os: Type.String(),
    ip: Type.String(),
    project: Type.String(),
    day: Type.String({ description: 'How long the server process has run, e.g. "2天3小时"' }),
  }),
  cpu: Type.Object({
    name: Type.String(),
    package: Type.String(),
    core: Type.String(),
    coreNumber: Type.Integer(),
    logic: Type.String(),
    used: Type.String({ description: 'Busy share in percent, two decimals' }),
    idle: Type.String(),
  }),
  memory: EladminUsage,
  swap: EladminUsage,
  disk: EladminUsage,
  time: Type.String({ description: 'HH:mm:ss' }),
});
export type EladminMonitor = Static<typeof EladminMonitor>;

export const StatementStats = Type.Object({
  sql: Type.String(),
  count: Type.Integer(),
  totalMs: Type.Number(),
  maxMs: Type.Number(),
  avgMs: Type.Number(),
  rows: Type.Integer({ description: 'Rows returned or changed, over all runs' }),
  errors: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  lastSeen: DateTime,
});
export type StatementStats = Static<typeof StatementStats>;
