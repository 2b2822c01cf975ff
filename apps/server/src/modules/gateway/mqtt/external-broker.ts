import { randomBytes } from 'node:crypto';
import type { MQTT_STATUS } from '@water/contract/gateway-mqtt';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { ConfigError, type ExternalBroker } from '../../../config.ts';
import { sendAtOnce } from '../../../lib/mqtt-no-delay.ts';
import type { Clock } from '../../../lib/time.ts';
import type { GatewayMachineRow } from '../gateway.repository.ts';
import { SPEAKING } from '../gateway.service.ts';
import { dynsecControl } from './dynsec-control.ts';
import { KeyedQueue } from './keyed-queue.ts';
import { type AccountRow, consoleMarkTopic, createMachineAccounts, SHARE_GROUP } from './machine-accounts.ts';
import type { MachineBroker, MachineEvents } from './machine-broker.ts';
import { machineTopic, serialOfTopic } from './mqtt-topics.ts';

/** How long a silent machine's will waits for the broker's own link to close (a broker going down). */
const WILL_SETTLE_MS = 500;

/** How the link reads what it needs of the machines. */
export interface MachineRows {
  /** The machine of a serial number, as registered. */
  bySerial(serialNo: string): Promise<GatewayMachineRow | undefined>;
  /** The machines whose broker accounts are kept (of these ids, or all). */
  accounts(ids?: readonly number[]): Promise<AccountRow[]>;
  /** What all their accounts are made from, digested: it changes whenever one of them would. */
  accountsDigest(): Promise<string>;
}

/**
 * Between the server's attempts to reach its broker again. Well under the second or two a machine
 * waits (docs/gateway.md): after a broker restart the server subscribes again before its machines
 * return, or their first requests would find nobody subscribed and be lost until they time out.
 */
export const BROKER_RECONNECT_MS = 200;

/** How long accounts found in line are trusted while no machine changed: after that they are listed again. */
export const ACCOUNTS_TRUSTED_MS = 10 * 60_000;

/** The longest the machines' messages wait for the retained statuses to be taken in. */
const STATUSES_AT_MOST_MS = 3000;
/**
 * The longest they wait at a start for the first sync of the accounts, which goes on in the
 * background past that (a broker's first 3,000 accounts take minutes to create).
 */
const FIRST_WORK_AT_MOST_MS = 3000;

/**
 * The server as a client of an external broker (MQTT_URL): the machines' up messages through a
 * shared subscription (`$share/console/…`), so that each goes to one of the server's instances;
 * their retained status through a plain one, so that every instance knows who is connected. The
 * broker checks the machines' credentials and topics (mosquitto's dynamic security, whose
 * accounts the server keeps in line with the machines); a machine is connected from its `online`
 * to its `offline` (said by itself, or by the broker as its last will).
 *
 * The will comes both when the link broke and when the keepalive ran out, which the broker does
 * not tell apart. A machine heard from within `silentAfterMs` (its `online`, its last heartbeat)
 * lost its link: it gets the grace. One silent for longer has been silent for 1.5 keepalives
 * already: it goes offline within half a second (WILL_SETTLE_MS), not after the grace.
 */
export async function connectExternalBroker(
  events: MachineEvents,
  {
    broker,
    rows,
    log,
    clock,
    silentAfterMs,
  }: { broker: ExternalBroker; rows: MachineRows; log: FastifyBaseLogger; clock: Clock; silentAfterMs: number },
): Promise<MachineBroker> {
  const clientId = `console-${randomBytes(6).toString('hex')}`;
  const markTopic = consoleMarkTopic(clientId);
  const client = sendAtOnce(
    mqtt.connect(broker.url, {
      username: broker.username,
      password: broker.password,
      clientId,
      protocolVersion: 4,
      clean: true,
      resubscribe: false,
      reconnectPeriod: BROKER_RECONNECT_MS,
      connectTimeout: 10_000,
    }),
  );
  const accounts = createMachineAccounts(dynsecControl(client), { consoleUsername: broker.username, log });
  /**
   * The connected machines: their rows as read when they said `online` (as the embedded broker
   * keeps them from their connection), and when that was.
   */
  const sessions = new Map<string, { machine: GatewayMachineRow; since: number }>();
  /** Nothing heard from the machine (of the row just read) for `silentAfterMs`: neither its `online` nor a heartbeat. */
  const silent = (machine: GatewayMachineRow, since: number) => {
    const lastHeard = Math.max(since, machine.lastHeartbeat?.getTime() ?? 0);
    return clock.now().getTime() - lastHeard >= silentAfterMs;
  };
  const arrivals = new KeyedQueue((error, serialNo) =>
    log.error({ err: error, serialNo }, 'could not take a machine’s MQTT message'),
  );
  let seen = false;
  let closing = false;
  /** Told of each mark the instance sent itself, when it comes back. */
  const marks = new Map<string, () => void>();

  async function received(topic: string, payload: Buffer) {
    const serialNo = serialOfTopic(topic) as string;
    const current = sessions.get(serialNo);
    const isUp = topic.startsWith(`m/${serialNo}/up/`);
    const machine = isUp && current ? current.machine : await rows.bySerial(serialNo);
    const kind = machine && machineTopic(machine.serialNo, topic);
    if (!machine || !kind) return;
    if (kind.kind === 'up') {
      if (SPEAKING.includes(machine.lifecycle)) events.published(machine, kind, payload);
      else
        log.warn(
          { serialNo: machine.serialNo, lifecycle: machine.lifecycle },
          'mqtt message of a machine that may not speak: dropped',
        );
      return;
    }
    const status = payload.toString('utf8') as (typeof MQTT_STATUS)[number];
    if (status === 'online' && SPEAKING.includes(machine.lifecycle)) {
      const session = { machine, since: clock.now().getTime() };
      sessions.set(machine.serialNo, session);
      events.connected(machine, session);
      events.listening(machine);
    } else if (status === 'offline' && current) {
      sessions.delete(machine.serialNo);
      if (!silent(machine, current.since)) events.disconnected(machine, current, false);
      // A broker going down sends its clients' wills just before it closes the console's link: a
      // silent machine's will waits a moment for that, so that a broker restart takes nobody
      // offline (once the link is lost, the machines are out of sight and this is ignored).
      else setTimeout(() => events.disconnected(machine, current, true), WILL_SETTLE_MS);
    }
  }

  client.on('message', (topic, payload) => {
    if (topic === markTopic) return marks.get(payload.toString('utf8'))?.();
    const serialNo = serialOfTopic(topic);
    if (serialNo) void arrivals.run(serialNo, () => received(topic, payload));
  });
  client.on('error', (error) => log.warn({ err: error.message, broker: broker.url }, 'mqtt broker link error'));
  client.on('close', () => {
    inLine = undefined;
    if (!seen || closing) return;
    seen = false;
    sessions.clear();
    events.outOfSight();
    log.warn({ broker: broker.url }, 'mqtt broker out of reach: connecting again');
  });
  const subscribe = async (topic: string, qos: 0 | 1) => {
    const [grant] = await client.subscribeAsync(topic, { qos });
    if (!grant || grant.qos > 2) throw new Error(`the mqtt broker refused the console’s subscription to ${topic}`);
  };
  /**
   * Until the retained statuses queued at the subscription have come and been taken in (at most
   * STATUSES_AT_MOST_MS): the broker sends a client its messages in order, so a mark the instance
   * publishes to itself after the subscription's grant comes after them.
   */
  const statusesTakenIn = async () => {
    const mark = randomBytes(8).toString('hex');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        new Promise<void>((resolve) => {
          marks.set(mark, resolve);
          client.publish(markTopic, mark, { qos: 0 });
        }),
        new Promise((resolve) => {
          timer = setTimeout(resolve, STATUSES_AT_MOST_MS);
        }),
      ]);
    } finally {
      marks.delete(mark);
      clearTimeout(timer);
    }
    await arrivals.settled();
  };
  /**
   * Subscribes to the statuses, then to the machines' messages; at a start, `first` runs between
   * the two (for at most FIRST_WORK_AT_MOST_MS), so that the instance is not at a full core
   * already when its share of the sales begins.
   */
  const ready = async (first?: () => Promise<void>) => {
    seen = true;
    // Refused (a role kept by hand without the topic), the statuses are waited for at most 3 s.
    await subscribe(markTopic, 0).catch((error: unknown) =>
      log.warn({ err: error, broker: broker.url }, 'the mqtt broker refused the console its mark topic'),
    );
    // The statuses at QoS 0: the broker holds at most a thousand QoS 1 messages for a client
    // beyond those in flight (max_queued_messages), and a fleet's retained statuses are many
    // more. A status lost with a broken link is sent again, retained, when the link is back.
    await subscribe('m/+/status', 0);
    // Then the machines' messages: a console that starts takes in who is connected (10,000
    // statuses for a fleet) before its share of the sales, which would otherwise wait behind them.
    await statusesTakenIn();
    if (first) await Promise.race([first(), new Promise((resolve) => setTimeout(resolve, FIRST_WORK_AT_MOST_MS))]);
    await subscribe(`$share/${SHARE_GROUP}/m/+/up/+`, 1);
  };
  // One sync at a time: one for a few machines waits for the full one of a start.
  let syncing: Promise<void> = Promise.resolve();
  /** The machines as of the last full sync (digested), and when it was; none while the link is down. */
  let inLine: { digest: string; at: number } | undefined;
  const syncAccounts = (ids?: readonly number[]) => {
    const next = syncing
      .catch(() => undefined)
      .then(async () => {
        if (ids !== undefined) return accounts.sync(await rows.accounts(ids), true);
        // Read first: a machine changed during the sync makes the next check sync again.
        const digest = await rows.accountsDigest();
        inLine = undefined;
        await accounts.sync(await rows.accounts());
        inLine = { digest, at: clock.now().getTime() };
      });
    syncing = next;
    return next;
  };
  /**
   * The scheduled check: a full sync when a machine's account would have changed since the last
   * one (a change whose own sync failed, or made elsewhere), or when the accounts were last listed
   * ACCOUNTS_TRUSTED_MS ago (one changed at the broker by hand); otherwise one row read. Listing
   * 10,000 accounts holds mosquitto for tens of milliseconds, every machine's messages with it.
   */
  const checkAccounts = async () => {
    const last = inLine;
    if (last && clock.now().getTime() - last.at < ACCOUNTS_TRUSTED_MS && (await rows.accountsDigest()) === last.digest)
      return;
    await syncAccounts();
  };

  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
  } catch (error) {
    await client.endAsync(true);
    throw new ConfigError(`MQTT_URL ${broker.url}: the console could not connect (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (await accounts.allowConsole()) {
    // Connected again under its new role (or, should the broker keep the connection, a moment later).
    await Promise.race([
      new Promise((resolve) => client.once('connect', resolve)),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
  }
  // The first sync of the accounts (10,000 listed and checked) before the machines' messages.
  await ready(() =>
    syncAccounts().catch((error: unknown) => log.error({ err: error }, 'could not sync the mqtt broker accounts')),
  );
  client.on('connect', () => {
    // Back after a broker restart or a broken link. Its accounts may be older than the machines:
    // the accounts' next scheduled check (within a minute, one instance) lists them all, as none
    // are known in line since the link broke (`inLine`). Not at once: the fleet is coming back too,
    // and every instance would list 10,000 accounts while the broker takes their connections.
    events.outOfSight();
    ready().catch((error: unknown) => log.error({ err: error }, 'could not resume the mqtt broker link'));
  });
  log.info({ broker: broker.url }, 'connected to the mqtt broker');

  return {
    port: undefined,
    seesConnections: false,
    handle: (stream) => stream.destroy(),
    publish: async (topic, payload, { qos, retain = false }) => {
      await client.publishAsync(topic, payload, { qos, retain });
    },
    syncAccounts,
    checkAccounts,
    close: async () => {
      closing = true;
      await syncing.catch(() => undefined);
      await client.endAsync();
      await arrivals.settled();
    },
  };
}
