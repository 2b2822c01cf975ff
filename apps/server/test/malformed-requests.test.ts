import { ERROR_CODES } from '@water/contract/errors';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { deptId, roleId, userBody } from '../src/modules/users/test-fixtures.ts';
import { type MalformedCase, malformedCases, type Operation, operationsOf } from './malformed-requests.ts';
import { createTestApp, type TestApp, tokenOf } from './test-app.ts';

/** Tables whose content malformed requests must leave exactly as it was (logs and sessions may grow). */
const DATA_TABLES = [
  schema.depts,
  schema.jobs,
  schema.users,
  schema.roles,
  schema.menus,
  schema.usersRoles,
  schema.usersJobs,
  schema.rolesMenus,
  schema.rolesDepts,
  schema.dicts,
  schema.dictDetails,
  schema.globalSettings,
  schema.storedFiles,
  schema.agents,
  schema.machineModels,
  schema.machines,
  schema.machineAllocations,
  schema.sites,
  schema.parts,
  schema.warehouses,
  schema.stock,
  schema.stockMovements,
  schema.paymentChannelSettings,
  schema.payments,
  schema.paymentNotifications,
  schema.channelRefunds,
  schema.sandboxPayments,
  schema.sandboxRefunds,
  schema.alarms,
  schema.consumerReports,
].map((table) => getTableName(table));

/** What no answer may ever contain: stack frames, source files, SQL, table names, engine messages. */
const INTERNAL_TEXT =
  /\bat [\w.<>]+ \(|\.ts:\d|node_modules|\bSELECT\b|\bINSERT\b|\bUPDATE\b|DELETE FROM|\bsys_\w+|Maximum call stack|TypeError|ReferenceError|RangeError|\$argon2/;

/** Path parameters that are not ids, each with a value of its shape. */
const VALID_PATH_VALUES: Record<string, string> = {
  orderNo: '202611230000000001',
  channel: 'wechat',
  machineOrderNo: 'S1',
  paymentId: '0123456789abcdef0123456789abcdef',
  action: 'pay',
  code: 'ABCD2345',
  reportNo: 'R20261123000000000001',
};

describe('malformed requests to every operation of the API', () => {
  let t: TestApp;
  let token: string;
  let operations: Operation[];

  const digest = async () => {
    const result = (await t.database.db.execute(
      sql.raw(
        DATA_TABLES.map(
          (table) =>
            `SELECT '${table}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM ${table} t`,
        ).join(' UNION ALL '),
      ),
    )) as unknown as { rows: { name: string; sum: string }[] };
    return Object.fromEntries(result.rows.map((row) => [row.name, row.sum]));
  };

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '100000', PUBLIC_RATE_LIMIT: '100000' }, undefined, {
      captureLogs: true,
    });
    token = await tokenOf(t);
    operations = operationsOf(t.app.swagger() as never);
  });
  afterAll(() => t.close());

  it('knows the operations from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.some((operation) => operation.multipart)).toBe(true);
  });

  it('refuses every malformed request with a 4xx in the error format and changes nothing', async () => {
    const before = await digest();
    const failures: string[] = [];
    const check = (operation: Operation, entry: MalformedCase, status: number, text: string) => {
      const what = `${operation.method} ${entry.url.slice(0, 120)} (${entry.name})`;
      if (status < 400 || status >= 500) return failures.push(`${what}: answered ${status} ${text.slice(0, 200)}`);
      let body: { status?: unknown; message?: unknown; timestamp?: unknown; code?: unknown; errors?: unknown };
      try {
        body = JSON.parse(text);
      } catch {
        return failures.push(`${what}: answered ${status} without JSON: ${text.slice(0, 200)}`);
      }
      if (body.status !== status || typeof body.message !== 'string' || typeof body.timestamp !== 'number') {
        return failures.push(`${what}: not the error format: ${text.slice(0, 200)}`);
      }
      if (!(ERROR_CODES as readonly unknown[]).includes(body.code)) failures.push(`${what}: no code: ${text}`);
      if (INTERNAL_TEXT.test(text)) failures.push(`${what}: internal text in ${text.slice(0, 300)}`);
      if (entry.fields && body.code === 'VALIDATION_FAILED') {
        const named = ((body.errors ?? []) as { field: string }[]).map((error) => error.field);
        const missing = entry.fields.filter(
          (field) => !named.some((name) => name === field || name.startsWith(`${field}.`)),
        );
        if (missing.length > 0)
          failures.push(`${what}: errors do not name ${missing.join(', ')}: ${text.slice(0, 300)}`);
      }
      return undefined;
    };
    let sent = 0;
    for (const operation of operations) {
      const cases = malformedCases(operation, (name) => VALID_PATH_VALUES[name] ?? '1');
      expect(cases.length, `${operation.method} ${operation.path}`).toBeGreaterThanOrEqual(40);
      for (const entry of cases) {
        const response = await t.app.inject({
          method: operation.method as 'GET',
          url: entry.url,
          headers: { authorization: token, ...entry.headers },
          ...(entry.payload === undefined ? {} : { payload: entry.payload }),
        });
        sent++;
        check(operation, entry, response.statusCode, response.body);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(40 * operations.length - 1);
    expect(await digest()).toEqual(before);
    const log = t.logs.join('\n');
    expect(log).not.toMatch(/\$argon2|Maximum call stack/);
  }, 300_000);

  it('logs a failed statement without its parameters: no password hash reaches the log', async () => {
    const users = getTableName(schema.users);
    await t.database.db.execute(
      sql.raw(`ALTER TABLE ${users} ADD CONSTRAINT refuse_new_users CHECK (id < 0) NOT VALID`),
    );
    try {
      const body = userBody(await deptId(t, 'Sales'), await roleId(t, 'User'), { password: 'Typed-secret-42' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: body,
        headers: { authorization: token },
      });
      expect(response.json()).toEqual({
        status: 500,
        message: 'Internal server error',
        timestamp: expect.any(Number),
        code: 'INTERNAL',
      });
      const failure = t.logs.find((line) => line.includes('request failed') && line.includes('refuse_new_users'));
      expect(failure).toBeDefined();
      expect(failure).toMatch(/insert into/i);
      expect(t.logs.join('\n')).not.toMatch(/\$argon2|Typed-secret-42/);
    } finally {
      await t.database.db.execute(sql.raw(`ALTER TABLE ${users} DROP CONSTRAINT refuse_new_users`));
    }
  });
});
