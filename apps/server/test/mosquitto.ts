import { type ChildProcess, spawn } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  CONSOLE_ACLS,
  CONSOLE_ROLE,
  createAccountCommands,
  machineAccount,
} from '../src/modules/gateway/mqtt/machine-accounts.ts';
import { freePort } from './free-port.ts';

/** Debian's broker (`apt-get install mosquitto`), or MOSQUITTO_BIN. */
export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

/** The dynamic security plugin shipped with Debian's package, whatever the architecture. */
function dynsecPlugin(): string | undefined {
  const candidates = ['/usr/lib', ...readdirSync('/usr/lib').map((name) => path.join('/usr/lib', name))];
  return candidates.map((dir) => path.join(dir, 'mosquitto_dynamic_security.so')).find((file) => existsSync(file));
}

/** Whether a mosquitto with its dynamic security plugin is installed here. */
export const mosquittoInstalled = () => existsSync(MOSQUITTO_BIN) && dynsecPlugin() !== undefined;

/** A password as the plugin keeps it: PBKDF2-SHA512, 101 rounds, a salt of 12 bytes (what its own tools write). */
function hashed(password: string) {
  const salt = randomBytes(12);
  return {
    password: pbkdf2Sync(password, salt, 101, 64, 'sha512').toString('base64'),
    salt: salt.toString('base64'),
    iterations: 101,
  };
}

/** The administrator's role `mosquitto_ctrl dynsec init` makes. */
const ADMIN_ROLE = {
  rolename: 'admin',
  acls: [
    ['publishClientSend', '$CONTROL/dynamic-security/#'],
    ['publishClientReceive', '$CONTROL/dynamic-security/#'],
    ['subscribePattern', '$CONTROL/dynamic-security/#'],
    ['publishClientReceive', '$SYS/#'],
    ['subscribePattern', '$SYS/#'],
    ['publishClientReceive', '#'],
    ['subscribePattern', '#'],
    ['unsubscribePattern', '#'],
  ].map(([acltype, topic]) => ({ acltype, topic, allow: true })),
};

async function accepting(port: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    }).catch(() => false);
    if (open) return;
    if (Date.now() > end) throw new Error(`mosquitto is not listening on ${port} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface TestMosquitto {
  port: number;
  /** Where machines connect. */
  url: string;
  /** MQTT_URL for the console: its account (the plugin's administrator) in it. */
  consoleUrl: string;
  /**
   * Stops the broker (SIGTERM, or SIGKILL: a crash) and starts it again on the same port with its
   * saved accounts, after `downMs` (none unless told).
   */
  restart(options?: { signal?: NodeJS.Signals; downMs?: number }): Promise<void>;
  /** Stops the broker and removes its files. */
  close(): Promise<void>;
}

/**
 * A mosquitto of its own (a free port, a temporary configuration and dynamic security file), as
 * docs/deploy-mqtt.md sets one up: anonymous clients refused, the console an administrator of its
 * dynamic security (with its role, unless `consoleRole` is false). `machines` are given accounts before it starts, as the console would make
 * them (a fleet of thousands is written at once, where the plugin takes minutes to create it).
 */
export async function startMosquitto(
  options: {
    machines?: readonly { serialNo: string; secretHash: string }[];
    /**
     * Whether the console's account has its role already (a broker the console used before);
     * false: only the administrator's role, as `mosquitto_ctrl dynsec init` leaves a new one.
     */
    consoleRole?: boolean;
    /** Its `max_queued_messages`: docs/deploy-mqtt.md's 100,000 unless told (mosquitto's own default is 1,000). */
    maxQueuedMessages?: number;
  } = {},
): Promise<TestMosquitto> {
  const plugin = dynsecPlugin();
  if (!existsSync(MOSQUITTO_BIN) || !plugin) {
    throw new Error(
      `mosquitto is not installed (${MOSQUITTO_BIN} with mosquitto_dynamic_security.so): apt-get install mosquitto`,
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mosquitto-'));
  const consolePassword = randomBytes(18).toString('base64url');
  const machineClients = (options.machines ?? []).map(({ serialNo, secretHash }) => {
    const [role, client] = createAccountCommands(machineAccount(serialNo, secretHash));
    const { command: _c, password, textname, textdescription, ...rest } = client ?? { command: '' };
    const { command: _r, ...roleRest } = role ?? { command: '' };
    return {
      role: roleRest,
      client: { ...rest, textName: textname, textDescription: textdescription, ...hashed(password as string) },
    };
  });
  const dynsec = {
    clients: [
      {
        username: 'console',
        ...hashed(consolePassword),
        roles: [{ rolename: 'admin' }, ...(options.consoleRole === false ? [] : [{ rolename: CONSOLE_ROLE }])],
      },
      ...machineClients.map(({ client }) => client),
    ],
    roles: [ADMIN_ROLE, { rolename: CONSOLE_ROLE, acls: CONSOLE_ACLS }, ...machineClients.map(({ role }) => role)],
    defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
  };
  await writeFile(path.join(dir, 'dynamic-security.json'), JSON.stringify(dynsec));
  const port = await freePort();
  await writeFile(
    path.join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'persistence false',
      // As docs/deploy-mqtt.md says: a reply is not held back behind the acknowledgement before it.
      'set_tcp_nodelay true',
      // As docs/deploy-mqtt.md says: the machines' messages waiting for a console are not dropped at a thousand.
      `max_queued_messages ${options.maxQueuedMessages ?? 100_000}`,
      // Run as root (CI), it would switch to the user mosquitto, who may not write its files here.
      `user ${os.userInfo().username}`,
      `plugin ${plugin}`,
      `plugin_opt_config_file ${path.join(dir, 'dynamic-security.json')}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  const output: string[] = [];
  const start = async () => {
    const started = spawn(MOSQUITTO_BIN, ['-c', path.join(dir, 'mosquitto.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child = started;
    try {
      await accepting(port, 10_000);
    } catch (error) {
      started.kill('SIGKILL');
      throw new Error(`${(error as Error).message}: ${output.join('').slice(-2000)}`);
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    consoleUrl: `mqtt://console:${consolePassword}@127.0.0.1:${port}`,
    restart: async ({ signal, downMs = 0 } = {}) => {
      await stop(signal);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
