import { randomBytes } from 'node:crypto';
import type { CommandAck, MachineCommand } from '@water/contract/commands';
import type { FirmwareProgress, GatewayOrder } from '@water/contract/gateway';
import { type MqttReply, mqttTopics } from '@water/contract/gateway-mqtt';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { sendAtOnce } from '../lib/mqtt-no-delay.ts';
import { mqttFixedPassword, mqttPassword, signingKeyOf } from '../modules/gateway/gateway-signing.ts';
import type { RangedAnswer } from './firmware-install.ts';
import {
  downloadRange,
  type GatewayCall,
  GatewayMachine,
  GatewayRefusal,
  type MachineIdentity,
  type SaleOptions,
} from './virtual-machine.ts';

/** A heartbeat asked for while the machine's link is down: it is not sent (the next one says the same). */
export class MachineOffline extends Error {
  constructor(serialNo: string) {
    super(`${serialNo} is offline: its heartbeat is not sent`);
  }
}

export interface MqttMachineOptions {
  /** Seconds (60 unless told). */
  keepalive?: number;
  /** Where WeChat Pay and Alipay notifications go, signed with the channels' key. */
  channel?: { baseUrl: string; notifyKey: string };
  /** TLS: the broker's certificate authority, or none checked (a self-signed test certificate). */
  tls?: Pick<IClientOptions, 'ca' | 'rejectUnauthorized'>;
  /**
   * Milliseconds between attempts to connect again (0: never); unless told, `reconnectDelayMs`'s
   * random and growing waits, as docs/gateway.md asks, so that a fleet does not come back in one instant.
   */
  reconnectPeriod?: number;
  /** How long a request waits for its answer (10 s unless told). */
  timeoutMs?: number;
  /**
   * For how long (ms) a sale's step (order, payment, dispense) that got no answer within
   * `timeoutMs` (then twice that, up to a minute), or got a server error, is sent again, each time
   * as a new message (a new id: the gateway takes a sale's steps once by the machine's order
   * number), as a machine keeps a sale until the server has acknowledged it; 0 (the default):
   * never, the call fails.
   */
  resendForMs?: number;
  /** Told how long each gateway call took (ms, from its first copy to its answer), for measuring. */
  observe?: (call: GatewayCall, ms: number) => void;
  /** The machine's clock (ms since 1970), for its passwords and requests. */
  now?: () => number;
  /** The server's HTTP address (`http://host:port`), where firmware is downloaded from. */
  httpUrl?: string;
  /**
   * `one-time` (the default): a new password signed with the time at every connection, which
   * only the embedded broker checks; `fixed`: the fixed password, which an external broker keeps.
   */
  password?: 'one-time' | 'fixed';
}

/** The first wait before connecting again, and the longest (docs/gateway.md). */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_LONGEST_MS = 32_000;

/**
 * How long a machine waits before its `attempt`-th attempt (from 1) to connect again since its
 * link broke: a random time between 2^(attempt−1) and 2^attempt seconds (1–2 s, 2–4 s, 4–8 s, …),
 * at most 16–32 s. A fleet that lost its broker comes back spread out, and fewer attempts beat on
 * a broker that stays away.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const low = Math.min(RECONNECT_FIRST_MS * 2 ** (Math.max(attempt, 1) - 1), RECONNECT_LONGEST_MS / 2);
  return Math.round(low * (1 + random()));
}

/**
 * A water machine connected to the server's broker (mqtt:// or mqtts://, or ws:// at /mqtt) or
 * to an external one, as docs/gateway.md describes one: signed in with its serial number and a
 * fresh password each time it connects (or its fixed password), subscribed to its commands and
 * replies, then a retained `online` status, and `offline` as its last will; each gateway call
 * a message answered on its reply topic, and each command on its command topic obeyed and
 * acknowledged on `up/ack` (receipt, then the result), as over HTTP.
 */
export class MqttMachine extends GatewayMachine {
  readonly #key: string;
  readonly #topics: ReturnType<typeof mqttTopics>;
  readonly #waiting = new Map<string, (reply: MqttReply) => void>();
  /** Told each time the machine listens again after its link broke (its requests' replies may have been lost). */
  readonly #back = new Set<() => void>();
  /** Coin sales made while its link was down, to report once it is back, in the order they were made. */
  readonly #kept: (() => void)[] = [];
  #client: MqttClient | undefined;
  /** Not to connect again when its link breaks (dropped for good, gone silent). */
  #stayAway = false;
  /** The next attempt to connect again, while one waits. */
  #reconnecting: NodeJS.Timeout | undefined;
  /** The commands received on its command topic, in order. */
  readonly commands: unknown[] = [];

  constructor(
    readonly url: string,
    identity: MachineIdentity,
    private readonly options: MqttMachineOptions = {},
  ) {
    super(identity, options.channel);
    this.#key = signingKeyOf(identity.secret);
    this.#topics = mqttTopics(identity.serialNo);
  }

  get client(): MqttClient {
    if (!this.#client) throw new Error('not connected');
    return this.#client;
  }

  /** Whether its link to the broker is up now. */
  get linkUp(): boolean {
    return this.#client?.connected === true;
  }

  /**
   * A coin sale as a machine makes one: over its link when that is up. When it is down, the
   * customer is served at once (the coins are in the machine) and the sale is reported, with the
   * machine's own times, once the link is back (orders made offline arrive later). `order` is the
   * server's order, when it has acknowledged the sale.
   */
  sellCoins(options: Omit<SaleOptions, 'channel' | 'at'>): { offline: boolean; order: Promise<GatewayOrder> } {
    if (this.linkUp) return { offline: false, order: this.sell({ ...options, channel: 'COIN' }) };
    const at = this.options.now?.() ?? Date.now();
    const order = new Promise<GatewayOrder>((resolve, reject) => {
      this.#kept.push(() => void this.sell({ ...options, channel: 'COIN', at }).then(resolve, reject));
    });
    return { offline: true, order };
  }

  /** Connects, subscribes to its commands and replies and says it is online; refused, it throws and stops trying. */
  async connect(): Promise<void> {
    const { serialNo } = this.identity;
    const client = mqtt.connect(this.url, {
      clientId: serialNo,
      username: serialNo,
      password: this.#password(),
      protocolVersion: 4,
      clean: false,
      // It subscribes itself at every connection (below): not twice.
      resubscribe: false,
      keepalive: this.options.keepalive ?? 60,
      // It connects again on its own schedule (below), not on the client's fixed one.
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      will: { topic: this.#topics.status, payload: Buffer.from('offline'), qos: 1, retain: true },
      ...this.options.tls,
    });
    this.#client = sendAtOnce(client);
    // Errors after the first connection (a refused reconnection) are retried, not thrown.
    client.on('error', () => undefined);
    // A password is good once: each new connection signs a new one.
    client.on('reconnect', () => {
      client.options.password = this.#password();
    });
    // Listening first: `online` tells the server that commands may be sent.
    const listen = () =>
      client
        .subscribeAsync([this.#topics.cmd, this.#topics.reply], { qos: 1 })
        .then(() => client.publishAsync(this.#topics.status, 'online', { qos: 1, retain: true }));
    client.on('message', (topic, payload) => this.#received(topic, payload));
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
        client.once('close', () => reject(new Error(`${this.url} closed the connection before accepting it`)));
      });
      await listen();
    } catch (error) {
      await client.endAsync(true);
      throw error;
    }
    this.#reconnectWhenLost(client);
    client.on(
      'connect',
      () =>
        void listen()
          .then(() => {
            for (const back of [...this.#back]) back();
            for (const report of this.#kept.splice(0)) report();
          })
          .catch(() => undefined),
    );
  }

  /**
   * Connects again each time the link breaks, after `reconnectDelayMs` (or the fixed period it was
   * given), until it connects; the client keeps the messages not yet acknowledged meanwhile.
   */
  #reconnectWhenLost(client: MqttClient) {
    let attempt = 0;
    const ended = () => this.#stayAway || client.disconnecting || client.disconnected;
    client.on('connect', () => {
      attempt = 0;
    });
    client.on('close', () => {
      const period = this.options.reconnectPeriod;
      if (this.#reconnecting || ended() || period === 0) return;
      attempt++;
      this.#reconnecting = setTimeout(() => {
        this.#reconnecting = undefined;
        if (!ended()) client.reconnect({ incomingStore: client.incomingStore, outgoingStore: client.outgoingStore });
      }, period ?? reconnectDelayMs(attempt));
    });
  }

  #password(): string {
    if (this.options.password === 'fixed') return mqttFixedPassword(this.#key, this.identity.serialNo);
    return mqttPassword(this.#key, this.identity.serialNo, this.options.now?.() ?? Date.now());
  }

  #received(topic: string, payload: Buffer) {
    let message: unknown;
    try {
      message = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (topic === this.#topics.reply) {
      const reply = message as MqttReply;
      if (reply.id) this.#waiting.get(reply.id)?.(reply);
    } else if (topic === this.#topics.cmd) {
      this.commands.push(message);
      const command = message as MachineCommand;
      if (typeof command?.commandId !== 'string' || typeof command.params !== 'object') return;
      // Not acknowledged, it comes again: with the pending commands when it reconnects, or on a heartbeat's answer.
      this.obey(command).catch(() => undefined);
    }
  }

  protected async acknowledge(ack: CommandAck): Promise<void> {
    await this.client.publishAsync(this.#topics.up('ack'), JSON.stringify(ack), { qos: 1 });
  }

  protected async reportFirmware(progress: FirmwareProgress): Promise<void> {
    await this.client.publishAsync(this.#topics.up('firmware'), JSON.stringify(progress), { qos: 1 });
  }

  protected fetchFirmware(url: string, range: string): Promise<RangedAnswer> {
    // An absolute link (the server knows its GATEWAY_URL) as it is; a path, on the HTTP address.
    if (!URL.canParse(url) && !this.options.httpUrl) throw new Error('no HTTP address to download firmware from');
    return downloadRange(new URL(url, this.options.httpUrl).href, range);
  }

  /** A request as the gateway expects it, answered with its reply (a refusal included). */
  async request(call: GatewayCall, body: object, machineOrderNo?: string, id = randomBytes(12).toString('base64url')) {
    const message = { id, ts: this.options.now?.() ?? Date.now(), body, ...(machineOrderNo ? { machineOrderNo } : {}) };
    return this.publishRequest(call, JSON.stringify(message), id);
  }

  /** Publishes `payload` on an up topic as it is, and waits for the reply to `id`. */
  publishRequest(call: GatewayCall, payload: string, id: string): Promise<MqttReply> {
    return new Promise<MqttReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(new Error(`no answer to ${call} ${id} within ${this.options.timeoutMs ?? 10_000} ms`));
      }, this.options.timeoutMs ?? 10_000);
      this.#waiting.set(id, (reply) => {
        clearTimeout(timer);
        this.#waiting.delete(id);
        resolve(reply);
      });
      this.client.publish(this.#topics.up(call), payload, { qos: 1 }, (error) => error && reject(error));
    });
  }

  /** How many copies of a sale's steps were sent again (unanswered, or answered with a server error). */
  resent = 0;

  protected async call<T>(call: GatewayCall, body: object, machineOrderNo?: string): Promise<T> {
    // A heartbeat is not sent again: the next one says the same.
    const resendForMs = call === 'heartbeat' ? 0 : (this.options.resendForMs ?? 0);
    // Nor is it kept while the link is down, to go out stale with the machine's return.
    if (call === 'heartbeat' && !this.linkUp) throw new MachineOffline(this.identity.serialNo);
    const started = performance.now();
    const reply =
      resendForMs > 0
        ? await this.#untilAnswered(call, body, machineOrderNo, Date.now() + resendForMs)
        : await this.request(call, body, machineOrderNo);
    this.options.observe?.(call, performance.now() - started);
    if (reply.status >= 400) throw new GatewayRefusal(reply.status, JSON.stringify(reply.body));
    return reply.body as T;
  }

  /**
   * A sale's step sent, and sent again as a new message (a new id) each time the wait for an
   * answer runs out, the wait doubling up to a minute, until `until`; the first answer to any
   * copy counts (the gateway takes the step once, by the machine's order number). A server error
   * sends it again a moment later; so does the machine's return after its link broke (the broker
   * may have lost the reply, or the request), rather than at the end of the wait.
   */
  #untilAnswered(call: GatewayCall, body: object, machineOrderNo: string | undefined, until: number) {
    const ids: string[] = [];
    let timer: NodeJS.Timeout | undefined;
    let waitMs = this.options.timeoutMs ?? 10_000;
    let back = () => {};
    return new Promise<MqttReply>((resolve, reject) => {
      const send = () => {
        const id = randomBytes(12).toString('base64url');
        ids.push(id);
        this.#waiting.set(id, (reply) => {
          if (reply.status >= 500 && Date.now() < until) {
            clearTimeout(timer);
            timer = setTimeout(again, 500);
          } else resolve(reply);
        });
        const message = {
          id,
          ts: this.options.now?.() ?? Date.now(),
          body,
          ...(machineOrderNo ? { machineOrderNo } : {}),
        };
        // Published while the broker is away, it waits in the client until it is back.
        this.client.publish(this.#topics.up(call), JSON.stringify(message), { qos: 1 }, () => undefined);
        timer = setTimeout(again, waitMs);
      };
      const again = () => {
        if (Date.now() >= until) {
          reject(new Error(`no answer to ${call} ${machineOrderNo ?? ''} after ${ids.length} copies`));
          return;
        }
        this.resent++;
        waitMs = Math.min(2 * waitMs, 60_000);
        send();
      };
      back = () => {
        clearTimeout(timer);
        this.resent++;
        send();
      };
      this.#back.add(back);
      send();
    }).finally(() => {
      clearTimeout(timer);
      this.#back.delete(back);
      for (const id of ids) this.#waiting.delete(id);
    });
  }

  /** Says it goes offline, then disconnects cleanly. */
  async end(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    this.#stayAway = true;
    clearTimeout(this.#reconnecting);
    if (!client.connected) return client.endAsync(true);
    await client.publishAsync(this.#topics.status, 'offline', { qos: 1, retain: true });
    await client.endAsync();
  }

  /**
   * Drops off the network at once: no goodbye, the broker sees the connection break. The client
   * comes back on its own after its reconnect period, unless it is to stay away (a later
   * `connect` of this or another client with its identity is then the only one).
   */
  drop({ stayAway = false }: { stayAway?: boolean } = {}): void {
    const client = this.#client;
    if (!client) return;
    if (stayAway) this.#stayAway = true;
    client.stream.destroy();
  }

  /** Goes silent with its connection left open (a cut cable): no keepalive, nothing else either. */
  fallSilent(): void {
    const client = this.client;
    this.#stayAway = true;
    client.keepaliveManager?.destroy();
  }
}
