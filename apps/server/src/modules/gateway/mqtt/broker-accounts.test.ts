import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../../test/business-fixtures.ts';
import { startMosquitto } from '../../../../test/mosquitto.ts';
import { brokerKinds, useBroker } from '../../../../test/mqtt-brokers.ts';
import { connectWithFixedPassword, type MachineIdentity, machineMaker, until } from '../../../../test/mqtt-fixtures.ts';
import { callerFor, createTestApp, JWT_SECRET, type TestApp, tokenOf, useTestApp } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { MqttMachine } from '../../../simulator/mqtt-machine.ts';
import { machines } from '../../machines/machines.schema.ts';
import { mqttFixedPassword, signingKeyOf } from '../gateway-signing.ts';
import { type DynsecCommand, type DynsecResponse, dynsecControl } from './dynsec-control.ts';
import { ACCOUNTS_TRUSTED_MS } from './external-broker.ts';
import {
  type AccountRow,
  CONSOLE_ACLS,
  CONSOLE_ROLE,
  createMachineAccounts,
  MACHINE_ACCOUNT,
  machineAccount,
} from './machine-accounts.ts';

const log = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

/** The plugin's accounts as it lists them, and the changing commands it was sent. */
function fakeDynsec(clients: Record<string, unknown>[] = []) {
  const changes: DynsecCommand[] = [];
  const control = async (commands: readonly DynsecCommand[]): Promise<DynsecResponse[]> =>
    commands.map((command) => {
      if (command.command === 'listClients') return { command: 'listClients', data: { clients } };
      changes.push(command);
      if (command.command === 'createClient') {
        const { command: _, password: __, ...client } = command;
        clients.push(client);
      }
      if (command.command === 'modifyClient') {
        const client = clients.find(({ username }) => username === command.username);
        Object.assign(client ?? {}, { textdescription: command.textdescription });
      }
      if (command.command === 'deleteClient')
        clients.splice(
          clients.findIndex((c) => c.username === command.username),
          1,
        );
      return { command: command.command };
    });
  return { control, changes, clients };
}

const row = (serialNo: string, secret: string, lifecycle = 'OPERATING'): AccountRow => ({
  serialNo,
  secretHash: signingKeyOf(secret),
  lifecycle,
});

describe('mosquitto accounts kept in line with the machines', () => {
  it('gives the console’s own account its role once, whose answer may be lost with the connection', async () => {
    const dynsec = fakeDynsec([{ username: 'console', roles: [{ rolename: 'admin' }] }]);
    const sent: string[] = [];
    const control = async (commands: readonly DynsecCommand[]) => {
      sent.push(...commands.map((command) => command.command));
      if (commands[0]?.command === 'getRole')
        return [
          { command: 'getRole', error: 'Role not found' },
          { command: 'getClient', data: { client: dynsec.clients[0] } },
        ];
      if (commands[0]?.command === 'addClientRole') throw new Error('the connection to the broker closed');
      return dynsec.control(commands);
    };
    const accounts = createMachineAccounts(control, { consoleUsername: 'console', log });
    expect(await accounts.allowConsole()).toBe(true);
    expect(sent).toEqual(['getRole', 'getClient', 'createRole', 'addClientRole']);
    expect(dynsec.changes[0]).toMatchObject({ command: 'createRole', rolename: CONSOLE_ROLE, acls: CONSOLE_ACLS });
  });

  it('adds to the console’s role of an earlier release the topics it lacks, and nothing else', async () => {
    const earlier = CONSOLE_ACLS.filter(({ topic }) => !topic.startsWith('console/'));
    const sent: DynsecCommand[] = [];
    const control = async (commands: readonly DynsecCommand[]) => {
      sent.push(...commands);
      if (commands[0]?.command === 'getRole')
        return [
          { command: 'getRole', data: { role: { rolename: CONSOLE_ROLE, acls: earlier } } },
          { command: 'getClient', data: { client: { username: 'console', roles: [{ rolename: CONSOLE_ROLE }] } } },
        ];
      return commands.map(({ command }) => ({ command }));
    };
    const accounts = createMachineAccounts(control, { consoleUsername: 'console', log });
    expect(await accounts.allowConsole()).toBe(false);
    expect(sent.slice(2)).toEqual([
      {
        command: 'addRoleACL',
        rolename: CONSOLE_ROLE,
        acltype: 'subscribePattern',
        topic: 'console/+/mark',
        allow: true,
      },
      {
        command: 'addRoleACL',
        rolename: CONSOLE_ROLE,
        acltype: 'publishClientSend',
        topic: 'console/+/mark',
        allow: true,
      },
    ]);
  });

  it('signs the fixed password of docs/gateway.md’s example', () => {
    expect(mqttFixedPassword(signingKeyOf('s3cret-from-registration'), 'WM20260001')).toBe(
      'v1:3ef616e16830930b9ecb015de3edc25b59e29b1778dc79cc671383f0d7e7cf38',
    );
  });

  it('makes an account for each machine that may speak, and none for the others', async () => {
    const dynsec = fakeDynsec();
    const accounts = createMachineAccounts(dynsec.control, { consoleUsername: 'console', log });
    await accounts.sync([row('A1', 'a'), row('B1', 'b', 'IN_STOCK'), row('C1', 'c', 'SUSPENDED')]);
    expect(dynsec.clients.map((client) => client.username)).toEqual(['A1', 'C1']);
    expect(dynsec.changes).toContainEqual(
      expect.objectContaining({
        command: 'createClient',
        username: 'A1',
        clientid: 'A1',
        password: mqttFixedPassword(signingKeyOf('a'), 'A1'),
        textname: MACHINE_ACCOUNT,
        roles: [{ rolename: 'machine:A1' }],
      }),
    );
    expect(dynsec.changes).toContainEqual({
      command: 'createRole',
      rolename: 'machine:A1',
      acls: expect.arrayContaining([
        { acltype: 'publishClientSend', topic: 'm/A1/up/heartbeat', allow: true },
        { acltype: 'publishClientSend', topic: 'm/A1/status', allow: true },
        { acltype: 'subscribeLiteral', topic: 'm/A1/cmd', allow: true },
      ]),
    });
  });

  it('changes nothing when in line, a changed key’s password only, and removes retired machines’ accounts', async () => {
    const dynsec = fakeDynsec([{ username: 'console', roles: [{ rolename: 'admin' }] }]);
    const accounts = createMachineAccounts(dynsec.control, { consoleUsername: 'console', log });
    await accounts.sync([row('A1', 'a'), row('B1', 'b')]);
    dynsec.changes.length = 0;
    await accounts.sync([row('A1', 'a'), row('B1', 'b')]);
    expect(dynsec.changes).toEqual([]);

    await accounts.sync([row('A1', 'rotated')], true);
    expect(dynsec.changes.map((change) => change.command)).toEqual(['createRole', 'modifyClient']);
    expect(dynsec.changes[1]).toMatchObject({
      username: 'A1',
      password: mqttFixedPassword(signingKeyOf('rotated'), 'A1'),
      textdescription: machineAccount('A1', signingKeyOf('rotated')).fingerprint,
    });
    dynsec.changes.length = 0;
    await accounts.sync([row('A1', 'rotated'), row('B1', 'b', 'RETIRED')]);
    expect(dynsec.changes).toEqual([
      { command: 'deleteClient', username: 'B1' },
      { command: 'deleteRole', rolename: 'machine:B1' },
    ]);
    // The console's own account, which it did not make as a machine's, is left alone.
    expect(dynsec.clients.map((client) => client.username)).toEqual(['console', 'A1']);
  });
});

describe.each(brokerKinds().filter((kind) => kind === 'mosquitto'))('a real %s', (kind) => {
  const broker = useBroker(kind);
  const ctx = useTestApp(() => broker.env());
  let newMachine: () => Promise<MachineIdentity>;
  const connect = (identity: MachineIdentity, secret = identity.secret) =>
    connectWithFixedPassword(broker.mosquitto().url, identity, secret);
  const admitted = (identity: MachineIdentity, secret = identity.secret) =>
    admittedAt(broker.mosquitto().url, identity, secret);

  beforeAll(async () => {
    newMachine = await broker.machineMaker(ctx.t.app, ctx.admin);
  });

  it('lets an installed machine in, and closes and refuses a retired one', async () => {
    const identity = await newMachine();
    const client = await connect(identity);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const retired = await ctx.admin('PUT', `/api/machines/${identity.id}/lifecycle`, { action: 'RETIRE' });
    expect(retired.statusCode, retired.body).toBe(200);
    await closed;
    await until(async () => !(await admitted(identity)));
    await expect(connect(identity)).rejects.toMatchObject({ code: 5 });
  });

  it('follows a machine’s new key, and puts back an account removed behind its back', async () => {
    const identity = await newMachine();
    const secretHash = signingKeyOf('a new secret');
    await ctx.t.database.db.update(machines).set({ secretHash }).where(eq(machines.id, identity.id));
    await ctx.t.app.scheduler.run('mqtt-accounts');
    await expect(connect(identity)).rejects.toMatchObject({ code: 5 });
    await (await connect(identity, 'a new secret')).endAsync();

    await removeAtBroker(broker.mosquitto().consoleUrl, identity.serialNo);
    await until(async () => !(await admitted(identity, 'a new secret')));
    // What a start and a reconnection to the broker do.
    await ctx.t.app.mqtt?.machinesChanged();
    await (await connect(identity, 'a new secret')).endAsync();
  });
});

describe.each(brokerKinds().filter((kind) => kind === 'mosquitto'))('the minute’s check of a real %s', (kind) => {
  const broker = useBroker(kind);
  const ctx = useTestApp(() => broker.env());

  it('lists the accounts only when a machine changed, or ten minutes on: one removed at the broker comes back then', async () => {
    const identity = await (await broker.machineMaker(ctx.t.app, ctx.admin))();
    await ctx.t.app.scheduler.run('mqtt-accounts');
    await removeAtBroker(broker.mosquitto().consoleUrl, identity.serialNo);
    const admitted = () => admittedAt(broker.mosquitto().url, identity);
    await until(async () => !(await admitted()));

    // No machine changed: the check reads the digest and leaves the broker alone.
    await ctx.t.app.scheduler.run('mqtt-accounts');
    expect(await admitted()).toBe(false);

    ctx.t.clock.advance(ACCOUNTS_TRUSTED_MS);
    await ctx.t.app.scheduler.run('mqtt-accounts');
    expect(await admitted()).toBe(true);
  });
});

/** Whether the broker lets the machine in (the connection is closed again at once). */
const admittedAt = (url: string, identity: MachineIdentity, secret = identity.secret) =>
  connectWithFixedPassword(url, identity, secret).then(
    (client) => client.endAsync().then(() => true),
    () => false,
  );

/** Deletes a machine's account at the broker, as someone with its administrator's account might. */
async function removeAtBroker(consoleUrl: string, serialNo: string) {
  const admin = await mqtt.connectAsync(consoleUrl, { reconnectPeriod: 0 });
  await admin.publishAsync(
    '$CONTROL/dynamic-security/v1',
    JSON.stringify({ commands: [{ command: 'deleteClient', username: serialNo }] }),
    { qos: 1 },
  );
  await admin.endAsync();
}

describe.each(brokerKinds().filter((kind) => kind === 'mosquitto'))('a new %s', () => {
  it('finds the accounts of a fleet written beforehand (a bench’s) in line: a sync changes nothing', async () => {
    const fleet = Array.from({ length: 50 }, (_, i) => row(`FLEET${i}`, `secret-${i}`));
    const mosquitto = await startMosquitto({
      machines: fleet.map(({ serialNo, secretHash }) => ({ serialNo, secretHash: secretHash as string })),
    });
    const client = await mqtt.connectAsync(mosquitto.consoleUrl, { reconnectPeriod: 0 });
    try {
      const sent: string[] = [];
      const control = dynsecControl(client);
      const counted = (commands: readonly DynsecCommand[]) => {
        sent.push(...commands.map((command) => command.command));
        return control(commands);
      };
      await createMachineAccounts(counted, { consoleUsername: 'console', log }).sync(fleet);
      expect(sent).toEqual(['listClients']);
      await (await connectWithFixedPassword(mosquitto.url, { serialNo: 'FLEET7', secret: 'secret-7' })).endAsync();
    } finally {
      await client.endAsync();
      await mosquitto.close();
    }
  });

  it('gives the console’s account, as `mosquitto_ctrl dynsec init` made it, the role it needs, and serves machines', async () => {
    const mosquitto = await startMosquitto({ consoleRole: false });
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ MQTT_URL: mosquitto.consoleUrl, AUTH_RATE_LIMIT: '1000' });
      const app = t.app;
      const identity = await (await machineMaker(callerFor(t, await tokenOf(t))))();
      await app.mqtt?.machinesChanged([identity.id]);
      const machine = new MqttMachine(mosquitto.url, identity, { password: 'fixed', reconnectPeriod: 0 });
      await machine.connect();
      await until(() => app.mqtt?.isConnected(identity.serialNo) === true);
      expect((await machine.heartbeat({ tdsOut: 6 })).lifecycle).toBe('OPERATING');
      await machine.end();
    } finally {
      await t?.close();
      await mosquitto.close();
    }
  });
});

describe.each(brokerKinds().filter((kind) => kind === 'mosquitto'))('two server instances on one %s', (kind) => {
  const broker = useBroker(kind);
  const instances: FastifyInstance[] = [];
  const answered = [0, 0];
  let first: TestApp;

  beforeAll(async () => {
    const counting = (index: number) => (app: FastifyInstance) => {
      app.addHook('onRequest', async (request) => {
        if (request.url === '/gateway/v1/heartbeat') answered[index] = (answered[index] ?? 0) + 1;
      });
    };
    first = await createTestApp({ ...broker.env(), AUTH_RATE_LIMIT: '1000' }, counting(0));
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...broker.env() }),
      database: first.database,
      jwtSecret: JWT_SECRET,
      clock: first.clock,
      logger: false,
      scheduled: false,
    });
    counting(1)(second);
    await second.ready();
    instances.push(first.app, second);
  });
  afterAll(async () => {
    await instances[1]?.close();
    await first?.close();
  });

  it('share the machines’ messages: each answered once, by one of them', async () => {
    const newMachine = await broker.machineMaker(first.app, callerFor(first, await tokenOf(first)));
    const identity = await newMachine();
    const machine = broker.machine(first.app, identity, { reconnectPeriod: 0 });
    await machine.connect();
    try {
      const replies: string[] = [];
      machine.client.on('message', (topic, payload) => {
        if (topic.endsWith('/reply')) replies.push(JSON.parse(payload.toString()).id);
      });
      const ids = Array.from({ length: 20 }, () => unique('beat-').padEnd(16, '0'));
      for (const id of ids) {
        expect((await machine.request('heartbeat', { tdsOut: 8 }, undefined, id)).status).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(replies.sort()).toEqual([...ids].sort());
      expect(answered[0]).toBeGreaterThan(0);
      expect(answered[1]).toBeGreaterThan(0);
      expect((answered[0] ?? 0) + (answered[1] ?? 0)).toBe(20);
      // Both know it is connected: either may hand it a command.
      await until(() => instances.every((app) => app.mqtt?.isConnected(identity.serialNo)));
    } finally {
      await machine.end();
    }
  });
});
