import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeAgent, machineModel, staffOf, unique } from '../../../test/business-fixtures.ts';
import { type Caller, DEFAULT_USER_PASSWORD, useTestApp } from '../../../test/test-app.ts';
import { ensurePartition } from '../../lib/partitions.ts';
import { formatDay } from '../../lib/time.ts';
import { allocatedMachines, uploadPackage } from '../firmware/firmware-test-fixtures.ts';
import { deptId, menuIdsFor, roleId, userBody, userRow } from '../users/test-fixtures.ts';
import { createAuditTrail } from './audit.service.ts';
import { changeRecordPartitions } from './change-partitions.ts';
import { changeBy, historyOf } from './test-fixtures.ts';

describe('the record of changes to configuration', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);

  it('records a role created, edited, given menus and deleted', async () => {
    const name = unique('Audited role ');
    const body = { name, level: 3, description: 'Checks', dataScope: '本级' };
    expect((await admin('POST', '/api/roles', body)).statusCode).toBe(201);
    const id = await roleId(ctx.t, name);
    expect((await historyOf(admin, 'role', id))[0]).toMatchObject({ action: 'create', after: { name, level: 3 } });

    const edited = await admin('PUT', '/api/roles', { ...body, id, level: 4 });
    const edit = await changeBy(admin, edited, { type: 'role', id, action: 'update' });
    expect(edit.before).toEqual({ name, level: 3 });
    expect(edit.after).toEqual({ name, level: 4 });

    const menus = await menuIdsFor(ctx.t, ['user:list']);
    const granted = await admin('PUT', '/api/roles/menu', { id, menus });
    const grant = await changeBy(admin, granted, { type: 'role', id, action: 'menus' });
    expect(grant.before).toEqual({ name, menuIds: [] });
    expect(grant.after).toEqual({ name, menuIds: menus.map((menu) => menu.id).sort((a, b) => a - b) });

    const removed = await admin('DELETE', '/api/roles', [id]);
    const deleted = await changeBy(admin, removed, { type: 'role', id, action: 'delete' });
    expect(deleted).toMatchObject({ before: { name, level: 4 }, after: null });
  });

  it('records a user created, their roles, department and sign-in allowed changed, their password reset, and deleted', async () => {
    const [sales, user, finance] = [
      await deptId(ctx.t, 'Sales'),
      await roleId(ctx.t, 'User'),
      await roleId(ctx.t, 'Finance'),
    ];
    const body = userBody(sales, user);
    const created = await admin('POST', '/api/users', body);
    const { id } = await userRow(ctx.t, body.username);
    const creation = await changeBy(admin, created, { type: 'user', id, action: 'create' });
    expect(creation.after).toEqual({ username: body.username, deptId: sales, enabled: true, roleIds: [user] });

    const other = await deptId(ctx.t, 'R&D');
    const made = await admin('PUT', '/api/users', { ...body, id, dept: { id: other }, roles: [{ id: finance }] });
    const change = await changeBy(admin, made, { type: 'user', id, action: 'update' });
    expect(change.before).toEqual({ username: body.username, deptId: sales, roleIds: [user] });
    expect(change.after).toEqual({ username: body.username, deptId: other, roleIds: [finance] });

    const disabled = await admin('PUT', '/api/users', {
      ...body,
      id,
      dept: { id: other },
      roles: [{ id: finance }],
      enabled: false,
    });
    const disabling = await changeBy(admin, disabled, { type: 'user', id, action: 'update' });
    expect(disabling.before).toEqual({ username: body.username, enabled: true });
    expect(disabling.after).toEqual({ username: body.username, enabled: false });
    // A change of nothing that matters (the nickname) leaves no record.
    const renamed = await admin('PUT', '/api/users', {
      ...body,
      id,
      dept: { id: other },
      roles: [{ id: finance }],
      enabled: false,
      nickName: 'Renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(204);
    expect((await historyOf(admin, 'user', id)).map((record) => record.action)).toEqual(['update', 'update', 'create']);

    const reset = await admin('PUT', '/api/users/resetPwd', [id]);
    expect(reset.statusCode, reset.body).toBe(204);
    const resetting = await changeBy(admin, reset, { type: 'user', id, action: 'resetPassword' });
    expect(resetting.after).toEqual({ username: body.username, changeAtSignIn: true });

    const removed = await admin('DELETE', '/api/users', [id]);
    const deletion = await changeBy(admin, removed, { type: 'user', id, action: 'delete' });
    expect(deletion).toMatchObject({
      before: { username: body.username, enabled: false, roleIds: [finance] },
      after: null,
    });
    // Neither a password, the default one, nor a hash of one: only that it was reset.
    const history = JSON.stringify(await historyOf(admin, 'user', id));
    expect(history).not.toMatch(/"password|hash|\$2[aby]?\$|\$argon|\$scrypt/i);
    expect(history).not.toContain(DEFAULT_USER_PASSWORD);
  });

  it('records a machine command sent and cancelled', async () => {
    const [machine] = await allocatedMachines(admin, (await machineModel(admin)).id, 1);
    const id = machine?.id as number;
    const sent = await admin('POST', `/api/machines/${id}/commands`, { type: 'LOCK' });
    expect(sent.statusCode, sent.body).toBe(201);
    const command = sent.json().id as number;
    const send = await changeBy(admin, sent, { type: 'command', id: command, action: 'send' });
    expect(send.after).toMatchObject({ machineId: id, type: 'LOCK' });
    const cancelled = await admin('PUT', `/api/commands/${command}/cancel`);
    const cancel = await changeBy(admin, cancelled, { type: 'command', id: command, action: 'cancel' });
    expect(cancel.before).toEqual({ state: expect.any(String) });
    expect(cancel.after).toEqual({ state: 'CANCELLED' });
  });

  it('records a firmware rollout started and paused', async () => {
    const modelId = (await machineModel(admin)).id;
    const machines = await allocatedMachines(admin, modelId, 2);
    const packageId = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '2.0.0')).json().id;
    const machineIds = machines.map((machine) => machine.id);
    const started = await admin('POST', '/api/firmware/rollouts', { packageId, machineIds });
    const id = started.json().id as number;
    const start = await changeBy(admin, started, { type: 'firmware-rollout', id, action: 'create' });
    expect(start.after).toMatchObject({ packageId, machineIds });
    const paused = await admin('PUT', `/api/firmware/rollouts/${id}/pause`);
    const pause = await changeBy(admin, paused, { type: 'firmware-rollout', id, action: 'pause' });
    expect(pause).toMatchObject({ before: { state: 'RUNNING' }, after: { state: 'PAUSED' } });
  });

  it('keeps no record of a change rolled back, and one of a change committed', async () => {
    const trail = createAuditTrail({ clock: ctx.t.clock });
    const entry = { recordType: 'agent', recordId: 'rolled-back', action: 'update', after: { machineQuota: 1 } };
    await expect(
      ctx.t.database.db.transaction(async (tx) => {
        await trail.record(tx, entry);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await historyOf(admin, 'agent', 'rolled-back')).toEqual([]);
    await ctx.t.database.db.transaction((tx) => trail.record(tx, entry));
    const [kept] = await historyOf(admin, 'agent', 'rolled-back');
    // Made by the server's own work, not by a request.
    expect(kept).toMatchObject({ userId: null, username: null, requestId: null, after: { machineQuota: 1 } });
  });

  it('cannot be altered or deleted through the API', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      for (const url of ['/api/audit', '/api/audit/1']) {
        const answer = await admin(method, url, { id: 1, action: 'update' });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.json()).toMatchObject({ status: 404, code: expect.any(String) });
      }
    }
    // Nor by the module itself: its repository appends and reads, it has no statement that changes a record.
    const repository = readFileSync(new URL('./audit.repository.ts', import.meta.url), 'utf8');
    expect(repository).not.toMatch(/\.update\(|\.delete\(|\bUPDATE\b|\bDELETE\b|TRUNCATE/);
  });

  it('shows staff whose data scope is restricted (an agent’s) only the changes they made themselves', async () => {
    const agent = await activeAgent(admin, unique('Scoped '));
    const manager = await staffOf(ctx.t, admin, agent.deptId, 'Agent manager');
    const role = await roleId(ctx.t, 'Agent manager');
    const held = (await admin('GET', `/api/roles/${role}`))
      .json()
      .menus.map((menu: { id: number }) => ({ id: menu.id }));
    const menus = [...held, ...(await menuIdsFor(ctx.t, ['audit:list']))];
    expect((await admin('PUT', '/api/roles/menu', { id: role, menus })).statusCode).toBe(204);
    const card = (await manager('POST', '/api/cards/batches', { agentId: agent.id, count: 1 })).json().cards[0];
    const limited = await manager('PUT', `/api/cards/${card.id}/limits`, { perUseLimit: 300, perDayLimit: null });
    expect(limited.statusCode, limited.body).toBe(200);
    const seen = (await manager('GET', '/api/audit?page=0&size=100')).json();
    expect(seen.totalElements).toBeGreaterThan(0);
    expect(new Set(seen.content.map((record: { username: string }) => record.username)).size).toBe(1);
    expect(seen.content[0]).toMatchObject({ recordType: 'card', recordId: String(card.id), action: 'update' });
    // The administrator's changes (the agent's creation) stay out of the manager's sight.
    expect(await historyOf(manager, 'agent', agent.id)).toEqual([]);
    expect((await historyOf(admin, 'agent', agent.id)).length).toBeGreaterThan(0);
    expect((await ctx.user('GET', '/api/audit')).statusCode).toBe(403);
  });

  it('searches by user, record type, action and time, and exports the search to Excel', async () => {
    const name = unique('Searched role ');
    expect((await admin('POST', '/api/roles', { name, level: 3, dataScope: '本级' })).statusCode).toBe(201);
    // The day as the server counts days (its time zone), whatever the hour of the run.
    const today = formatDay(ctx.t.clock.now());
    const query = `recordType=role&action=create&username=admin&at=${today}&at=${today}`;
    const found = await admin('GET', `/api/audit?${query}&page=0&size=100`);
    expect(found.statusCode, found.body).toBe(200);
    const names = found.json().content.map((record: { after: { name: string } }) => record.after.name);
    expect(names).toContain(name);
    expect((await admin('GET', `/api/audit?username=nobody&page=0&size=10`)).json()).toEqual({
      content: [],
      totalElements: 0,
    });
    const file = await admin('GET', `/api/audit/download?${query}`, undefined, { 'accept-language': 'zh-CN' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('keeps a change made in a month the upkeep has not made yet in the default partition, and moves it when the month is made', async () => {
    const later = new Date(Date.UTC(2041, 4, 15, 12));
    const trail = createAuditTrail({ clock: { now: () => later } });
    const entry = { recordType: 'agent', recordId: 'far-ahead', action: 'update', after: { machineQuota: 2 } };
    await ctx.t.database.db.transaction((tx) => trail.record(tx, entry));
    const partitionOf = async () => {
      const result = await ctx.t.database.db.execute(
        sql`SELECT tableoid::regclass::text AS name FROM sys_change_record WHERE record_id = 'far-ahead'`,
      );
      return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    };
    expect(await partitionOf()).toEqual(['sys_change_record_default']);
    expect(await historyOf(admin, 'agent', 'far-ahead')).toEqual([
      expect.objectContaining({ at: expect.stringMatching(/^2041-05-15/), after: { machineQuota: 2 } }),
    ]);
    expect(await ensurePartition(ctx.t.database.db, changeRecordPartitions(), later)).toBe(true);
    expect(await partitionOf()).toEqual(['sys_change_record_204105']);
    expect(await historyOf(admin, 'agent', 'far-ahead')).toHaveLength(1);
  });

  it('has this month’s and next month’s partitions, made ahead by its upkeep', async () => {
    await ctx.t.app.scheduler.run('partition-upkeep');
    const result = await ctx.t.database.db.execute(
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'sys_change_record'::regclass`,
    );
    const names = (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    const now = ctx.t.clock.now();
    for (const months of [0, 1, 2]) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
      expect(names).toContain(`sys_change_record_${month.toISOString().slice(0, 7).replace('-', '')}`);
    }
  });
});
