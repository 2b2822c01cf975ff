import { createHash } from 'node:crypto';
import { MQTT_UP, mqttTopics } from '@water/contract/gateway-mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { SPEAKING } from '../gateway.service.ts';
import { mqttFixedPassword } from '../gateway-signing.ts';
import type { DynsecCommand, DynsecControl, DynsecResponse } from './dynsec-control.ts';

/** The text name that marks the broker accounts the console keeps: one per machine allowed to speak. */
export const MACHINE_ACCOUNT = 'water machine';
/** The shared subscription group of the console's instances: each machine's message goes to one of them. */
export const SHARE_GROUP = 'console';
/** The role the console's own account is given: its subscriptions and the topics it publishes on. */
export const CONSOLE_ROLE = 'water-console';
export const machineRole = (serialNo: string) => `machine:${serialNo}`;

type Acl = { acltype: string; topic: string; allow: boolean };
const allow = (acltype: string, topic: string): Acl => ({ acltype, topic, allow: true });

/** A machine publishes its up topics and status, and subscribes to its commands and replies: nothing else. */
export function machineAcls(serialNo: string): Acl[] {
  const own = mqttTopics(serialNo);
  return [
    ...MQTT_UP.map((kind) => allow('publishClientSend', own.up(kind))),
    allow('publishClientSend', own.status),
    allow('subscribeLiteral', own.cmd),
    allow('subscribeLiteral', own.reply),
  ];
}

/** Where a console instance sends itself a mark, to learn that what the broker queued for it before has come. */
export const consoleMarkTopic = (clientId: string) => `console/${clientId}/mark`;

export const CONSOLE_ACLS: readonly Acl[] = [
  allow('subscribePattern', `$share/${SHARE_GROUP}/m/+/up/+`),
  allow('subscribePattern', 'm/+/status'),
  allow('publishClientSend', 'm/+/cmd'),
  allow('publishClientSend', 'm/+/reply'),
  allow('subscribePattern', consoleMarkTopic('+')),
  allow('publishClientSend', consoleMarkTopic('+')),
];

/** A machine's account at the broker: its fixed password, and a fingerprint of it that the account carries. */
export function machineAccount(serialNo: string, key: string) {
  const password = mqttFixedPassword(key, serialNo);
  // Tells whether the broker holds this password without reading it back (the broker keeps only a hash).
  const fingerprint = `v1 ${createHash('sha256').update(password).digest('hex').slice(0, 16)}`;
  return { serialNo, password, fingerprint };
}

/** The commands that create a machine's account from nothing, as the console keeps it. */
export function createAccountCommands(account: ReturnType<typeof machineAccount>): DynsecCommand[] {
  const { serialNo, password, fingerprint } = account;
  return [
    { command: 'createRole', rolename: machineRole(serialNo), acls: machineAcls(serialNo) },
    {
      command: 'createClient',
      username: serialNo,
      password,
      clientid: serialNo,
      textname: MACHINE_ACCOUNT,
      textdescription: fingerprint,
      roles: [{ rolename: machineRole(serialNo) }],
    },
  ];
}

export interface AccountRow {
  serialNo: string;
  secretHash: string | null;
  lifecycle: string;
}

interface ListedClient {
  username: string;
  clientid?: string;
  textname?: string;
  textdescription?: string;
  roles?: { rolename: string }[];
}

/** Answers of a batch that went wrong (an existing role is fine: its ACLs are the same). */
const failures = (responses: DynsecResponse[]) =>
  responses.filter(({ command, error }) => error && !(command === 'createRole' && error === 'Role already exists'));

/** Each message to the plugin holds at most this many commands (each change rewrites its whole file). */
const BATCH = 100;

/**
 * The machines' accounts in mosquitto's dynamic security, kept in line with the machines: an
 * account (username and client id the serial number, the fixed password, a role allowing its
 * own topics only) for every machine allowed to speak, none for the others (deleting one closes
 * its connection). Accounts the console did not make are left alone.
 */
export function createMachineAccounts(
  control: DynsecControl,
  { consoleUsername, log }: { consoleUsername: string; log: FastifyBaseLogger },
) {
  async function run(commands: DynsecCommand[]) {
    for (let start = 0; start < commands.length; start += BATCH) {
      for (const { command, error } of failures(await control(commands.slice(start, start + BATCH)))) {
        log.warn({ command, error }, 'the mqtt broker refused a change of its accounts');
      }
    }
  }

  return {
    /**
     * Gives the console's own account the role its subscriptions and publications need. True
     * when the account was given the role now: the plugin then closes its connection, so that it
     * connects again under its new role.
     */
    async allowConsole(): Promise<boolean> {
      const [role, self] = await control([
        { command: 'getRole', rolename: CONSOLE_ROLE },
        { command: 'getClient', username: consoleUsername },
      ]);
      const acls = ((role?.data?.role as { acls?: Acl[] } | undefined)?.acls ?? []).map(
        ({ acltype, topic }) => `${acltype} ${topic}`,
      );
      const commands: DynsecCommand[] = role?.error
        ? [{ command: 'createRole', rolename: CONSOLE_ROLE, acls: CONSOLE_ACLS }]
        : CONSOLE_ACLS.filter(({ acltype, topic }) => !acls.includes(`${acltype} ${topic}`)).map((acl) => ({
            command: 'addRoleACL',
            rolename: CONSOLE_ROLE,
            ...acl,
          }));
      const roles = (self?.data?.client as ListedClient | undefined)?.roles ?? [];
      await run(commands);
      if (roles.some(({ rolename }) => rolename === CONSOLE_ROLE)) return false;
      // Its answer may be lost with the connection the plugin closes for it.
      await control([{ command: 'addClientRole', username: consoleUsername, rolename: CONSOLE_ROLE }]).catch(
        () => undefined,
      );
      return true;
    },

    /**
     * Brings the accounts in line with `rows`: all machines, or (`partial`) only those named
     * there, the others' accounts left as they are. Idempotent: accounts in line are not touched.
     */
    async sync(rows: readonly AccountRow[], partial = false): Promise<void> {
      const wanted = new Map(
        rows
          .filter((row) => row.secretHash && SPEAKING.includes(row.lifecycle))
          .map((row) => [row.serialNo, machineAccount(row.serialNo, row.secretHash as string)]),
      );
      const named = new Set(rows.map((row) => row.serialNo));
      const [listed] = await control([{ command: 'listClients', verbose: true }]);
      if (listed?.error) throw new Error(`the mqtt broker did not list its accounts: ${listed.error}`);
      const present = new Map(
        ((listed?.data?.clients ?? []) as ListedClient[]).map((client) => [client.username, client]),
      );
      const commands: DynsecCommand[] = [];
      const counts = { created: 0, changed: 0, removed: 0 };
      for (const account of wanted.values()) {
        const client = present.get(account.serialNo);
        if (!client) {
          commands.push(...createAccountCommands(account));
          counts.created++;
        } else if (client.textname !== MACHINE_ACCOUNT) {
          log.warn(
            { serialNo: account.serialNo },
            'an mqtt broker account the console did not make has this serial number',
          );
        } else if (
          client.textdescription !== account.fingerprint ||
          client.clientid !== account.serialNo ||
          !client.roles?.some(({ rolename }) => rolename === machineRole(account.serialNo))
        ) {
          const { serialNo, password, fingerprint } = account;
          commands.push(
            { command: 'createRole', rolename: machineRole(serialNo), acls: machineAcls(serialNo) },
            {
              command: 'modifyClient',
              username: serialNo,
              password,
              clientid: serialNo,
              textdescription: fingerprint,
              roles: [{ rolename: machineRole(serialNo) }],
            },
          );
          counts.changed++;
        }
      }
      for (const client of present.values()) {
        if (client.textname !== MACHINE_ACCOUNT || wanted.has(client.username)) continue;
        if (partial && !named.has(client.username)) continue;
        commands.push(
          { command: 'deleteClient', username: client.username },
          { command: 'deleteRole', rolename: machineRole(client.username) },
        );
        counts.removed++;
      }
      await run(commands);
      if (commands.length > 0) log.info(counts, 'mqtt broker accounts brought in line with the machines');
    },
  };
}

export type MachineAccounts = ReturnType<typeof createMachineAccounts>;
