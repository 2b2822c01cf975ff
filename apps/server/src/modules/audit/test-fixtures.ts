import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Caller } from '../../../test/test-app.ts';

export interface Change {
  id: number;
  at: string;
  userId: number | null;
  username: string | null;
  requestId: string | null;
  ip: string | null;
  recordType: string;
  recordId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The change records of one record, newest first, as the History tab reads them. */
export async function historyOf(as: Caller, recordType: string, recordId: number | string): Promise<Change[]> {
  const answer = await as('GET', `/api/audit?recordType=${recordType}&recordId=${recordId}&page=0&size=50`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().content;
}

/** The newest change record of a record, checked to come from the request `made` answered, by `username`. */
export async function changeBy(
  as: Caller,
  made: LightMyRequestResponse,
  record: { type: string; id: number | string; action: string; username?: string },
): Promise<Change> {
  expect(made.statusCode, made.body).toBeLessThan(300);
  const [newest] = await historyOf(as, record.type, record.id);
  expect(newest, `${record.type} ${record.id}`).toMatchObject({
    recordType: record.type,
    recordId: String(record.id),
    action: record.action,
    username: record.username ?? 'admin',
    userId: expect.any(Number),
    requestId: made.headers['x-request-id'],
    ip: expect.any(String),
  });
  return newest as Change;
}
