import Type, { type Static } from 'typebox';
import { DateTime, PageQuery } from './common.ts';

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

export const DashboardStats = Type.Object({
  users: Type.Integer(),
  onlineUsers: Type.Integer(),
  menus: Type.Integer(),
  dicts: Type.Integer(),
  signIns: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer() }), {
    description: 'The last 7 days, oldest first',
  }),
});
export type DashboardStats = Static<typeof DashboardStats>;

export const ServerStatus = Type.Object({
  system: Type.Object({
    os: Type.String(),
    hostname: Type.String(),
    uptimeSeconds: Type.Integer(),
    nodeVersion: Type.String(),
    processUptimeSeconds: Type.Integer(),
    time: DateTime,
  }),
  cpu: Type.Object({
    model: Type.String(),
    cores: Type.Integer(),
    loadAverage: Type.Array(Type.Number(), { description: '1, 5 and 15 minutes' }),
    usedPercent: Type.Number({ description: 'Share of CPU time busy since the previous sample' }),
  }),
  memory: Type.Object({ totalBytes: Type.Integer(), usedBytes: Type.Integer(), processRssBytes: Type.Integer() }),
  disk: Type.Object({ path: Type.String(), totalBytes: Type.Integer(), usedBytes: Type.Integer() }),
  database: Type.Object({ kind: Type.String(), sizeBytes: Type.Integer(), version: Type.String() }),
});
export type ServerStatus = Static<typeof ServerStatus>;

export const StatementStats = Type.Object({
  sql: Type.String(),
  count: Type.Integer(),
  totalMs: Type.Number(),
  maxMs: Type.Number(),
  avgMs: Type.Number(),
  errors: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type StatementStats = Static<typeof StatementStats>;
