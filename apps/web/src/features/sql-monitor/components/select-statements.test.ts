import type { StatementStats } from '@water/contract/logs';
import { describe, expect, it } from 'vitest';
import { selectStatements, slowestStatements } from './select-statements.ts';

const statement = (sql: string, figures: Partial<StatementStats> = {}): StatementStats => ({
  sql,
  count: 1,
  totalMs: 1,
  avgMs: 1,
  maxMs: 1,
  rows: 0,
  errors: 0,
  lastError: null,
  lastSeen: '2026-11-23 10:00:00',
  ...figures,
});

const statements = [
  statement('select * from "sys_user" where id = $1', { count: 5, avgMs: 2, lastSeen: '2026-11-23 10:00:05' }),
  statement('SELECT count(*) FROM sys_dict', { count: 9, avgMs: 0.5, lastSeen: '2026-11-23 10:00:01' }),
  statement('update "sys_user" set enabled = $1', { count: 1, avgMs: 7, errors: 1, lastSeen: '2026-11-23 10:00:09' }),
  statement('delete from sys_log', { count: 5, avgMs: 0, lastSeen: '2026-11-23 10:00:03' }),
];
const sqlOf = (list: StatementStats[]) => list.map((entry) => entry.sql);

describe('selectStatements', () => {
  it("keeps the server's order when unsorted and unsearched", () => {
    expect(selectStatements(statements, undefined, [])).toEqual(statements);
  });

  it('finds statements by words, whatever their case and spacing', () => {
    expect(sqlOf(selectStatements(statements, '  "SYS_USER"   WHERE ', []))).toEqual([
      'select * from "sys_user" where id = $1',
    ]);
    expect(selectStatements(statements, 'sys_user', [])).toHaveLength(2);
    expect(selectStatements(statements, 'no such table', [])).toEqual([]);
  });

  it('sorts by any column either way, then by the next one', () => {
    expect(sqlOf(selectStatements(statements, '', ['avgMs,desc']))[0]).toBe('update "sys_user" set enabled = $1');
    expect(sqlOf(selectStatements(statements, '', ['lastSeen,asc']))[0]).toBe('SELECT count(*) FROM sys_dict');
    expect(sqlOf(selectStatements(statements, '', ['count,desc', 'avgMs,asc']))).toEqual([
      'SELECT count(*) FROM sys_dict',
      'delete from sys_log',
      'select * from "sys_user" where id = $1',
      'update "sys_user" set enabled = $1',
    ]);
    expect(sqlOf(selectStatements(statements, '', ['sql,asc']))[0]).toBe('delete from sys_log');
  });

  it('ignores an unknown sort field', () => {
    expect(selectStatements(statements, '', ['lastError,asc'])).toEqual(statements);
  });
});

describe('slowestStatements', () => {
  it('names the slowest by mean time, leaving out those that took no time', () => {
    expect(slowestStatements(statements, 2)).toEqual(
      new Set(['update "sys_user" set enabled = $1', 'select * from "sys_user" where id = $1']),
    );
    expect(slowestStatements(statements, 10).has('delete from sys_log')).toBe(false);
  });
});
