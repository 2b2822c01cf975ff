import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { roleId, userBody } from '../src/modules/users/test-fixtures.ts';
import { activeAgent, machineCaller, machineModel, operatingMachine, siteOf, unique } from './business-fixtures.ts';
import { callerFor, createTestApp, DEFAULT_USER_PASSWORD, type TestApp, tokenOf } from './test-app.ts';

const ALLOWED = 'https://partner.example.com:8443';

/** Collects what a socket receives, and waits for a message that matches. */
function inbox(socket: WebSocket) {
  const messages: { msgType: string; msg: string; topic?: string }[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return {
    messages,
    closed,
    async next(match: (message: (typeof messages)[number]) => boolean) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching message in ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

describe('/websocket', () => {
  let t: TestApp;
  let adminToken: string;
  const sockets: WebSocket[] = [];
  const open = async (token: string, headers: Record<string, string> = {}) => {
    const socket = await t.app.injectWS(`/websocket?token=${encodeURIComponent(token)}`, { headers });
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_ORIGINS: `http://other.example, ${ALLOWED}` }, undefined, { captureLogs: true });
    adminToken = await tokenOf(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await t.close();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(t.app.injectWS('/websocket?token=garbage')).rejects.toThrow(/401/);
    await expect(t.app.injectWS('/websocket')).rejects.toThrow(/401/);
  });

  it('accepts clients that send no Origin, the console’s own origin and the configured ones', async () => {
    const accepted: Record<string, string>[] = [
      {},
      { host: 'console.example.com:8000', origin: 'http://console.example.com:8000' },
      { host: 'console.example.com', origin: 'https://console.example.com' },
      { host: 'console.example.com', origin: ALLOWED },
      { host: 'console.example.com', origin: 'HTTP://OTHER.EXAMPLE:80' },
    ];
    for (const headers of accepted) {
      const socket = await open(adminToken, headers);
      expect(socket.readyState, JSON.stringify(headers)).toBe(socket.OPEN);
    }
  });

  it('refuses any other origin before the upgrade, without logging the token', async () => {
    for (const origin of [
      'https://evil.example',
      'https://console.example.com.evil.example',
      'http://console.example.com:9000',
      'https://partner.example.com',
      'null',
    ]) {
      const headers = { host: 'console.example.com', origin };
      await expect(open(adminToken, headers), origin).rejects.toThrow(/403/);
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: `/websocket?token=${encodeURIComponent(adminToken)}`,
      headers: { host: 'console.example.com', origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 403,
      message: 'The origin https://evil.example may not open the websocket',
      timestamp: expect.any(Number),
      code: 'FORBIDDEN',
    });
    const logs = t.logs.join('\n');
    expect(logs).toContain('websocket refused: origin not allowed');
    expect(logs).toContain('token=[REDACTED]');
    expect(logs).not.toContain(adminToken.replace(/^Bearer /, ''));
  });

  it('tells every console when menus or dictionaries change', async () => {
    const socket = await open(adminToken);
    const box = inbox(socket);
    const user = inbox(await open(await tokenOf(t, 'test', DEFAULT_USER_PASSWORD)));
    const call = callerFor(t, adminToken);
    await call('POST', '/api/dict', { name: 'pushed_dict' });
    expect(await box.next((m) => m.topic === 'dicts')).toEqual({
      msgType: 'CHANGED',
      msg: 'dicts changed',
      topic: 'dicts',
    });
    await user.next((m) => m.topic === 'dicts');
    await call('POST', '/api/menus', { type: 0, title: 'Pushed', path: 'pushed' });
    await box.next((m) => m.topic === 'menus');
    await user.next((m) => m.topic === 'menus');
  });

  it('tells every console when the global settings change', async () => {
    const user = inbox(await open(await tokenOf(t, 'test', DEFAULT_USER_PASSWORD)));
    await callerFor(t, adminToken)('PUT', '/api/global/setting', { footerTxt: 'Pushed footer' });
    expect(await user.next((m) => m.topic === 'settings')).toEqual({
      msgType: 'CHANGED',
      msg: 'settings changed',
      topic: 'settings',
    });
  });

  it('tells a session that was kicked out to sign out, and closes it', async () => {
    const victimToken = await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    const victim = inbox(await open(victimToken));
    const bystander = inbox(await open(adminToken));
    const online = (await callerFor(t, adminToken)('GET', '/auth/online?username=test')).json();
    const key = online.content.map((row: { key: string }) => row.key);
    await callerFor(t, adminToken)('DELETE', '/auth/online', key);
    expect(await victim.next((m) => m.msgType === 'LOGOUT')).toEqual({
      msgType: 'LOGOUT',
      msg: 'You were signed out by an administrator',
      reason: 'KICKED',
    });
    expect(await victim.closed).toBe(4001);
    expect(bystander.messages.some((m) => m.msgType === 'LOGOUT')).toBe(false);
  });

  it('tells a session that ended otherwise (signed out in another tab) to sign out, without blaming anyone', async () => {
    const token = await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    const box = inbox(await open(token));
    await callerFor(t, token)('DELETE', '/auth/logout');
    expect(await box.next((m) => m.msgType === 'LOGOUT')).toEqual({ msgType: 'LOGOUT', msg: 'Your session has ended' });
    expect(await box.closed).toBe(4001);
  });

  it('pushes an alarm that opens to the consoles of those who see its machine, and to no one else', async () => {
    const admin = callerFor(t, adminToken);
    const modelId = (await machineModel(admin)).id;
    const mine = await activeAgent(admin, unique('Push mine '));
    const theirs = await activeAgent(admin, unique('Push theirs '));
    const machine = await operatingMachine(admin, {
      modelId,
      agentId: mine.id,
      siteId: (await siteOf(admin, mine.id)).id,
    });
    const managerOf = async (deptId: number) => {
      const body = userBody(deptId, await roleId(t, 'Agent manager'), { password: 'Push-pass-1' });
      expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
      return tokenOf(t, body.username, 'Push-pass-1');
    };
    const ours = inbox(await open(await managerOf(mine.deptId)));
    const other = inbox(await open(await managerOf(theirs.deptId)));
    const everyone = inbox(await open(adminToken));
    const plainUser = inbox(await open(await tokenOf(t, 'test', DEFAULT_USER_PASSWORD)));

    await machineCaller(t, machine)('POST', '/gateway/v1/heartbeat', {});
    t.clock.advance(6 * 60_000);
    await t.app.scheduler.run('offline-check');
    const pushed = {
      msgType: 'ALARM',
      msg: `OFFLINE ${machine.serialNo}`,
      alarm: expect.objectContaining({ serialNo: machine.serialNo, type: 'OFFLINE' }),
    };
    expect(await ours.next((m) => m.msgType === 'ALARM')).toEqual(pushed);
    expect(await everyone.next((m) => m.msgType === 'ALARM')).toEqual(pushed);
    // A moment for any stray push to arrive, then none has.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.messages.some((m) => m.msgType === 'ALARM')).toBe(false);
    expect(plainUser.messages.some((m) => m.msgType === 'ALARM')).toBe(false);
  });
});
