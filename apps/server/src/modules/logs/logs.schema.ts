import { bigint, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

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
