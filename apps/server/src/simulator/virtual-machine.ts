import { randomBytes } from 'node:crypto';
import {
  COMMAND_TYPES,
  type CommandAck,
  type DispenseParams,
  type MachineCommand,
  type ReportedSettings,
} from '@water/contract/commands';
import type {
  Channel,
  ClaimInput,
  FirmwareProgress,
  GatewayCoupon,
  GatewayOrder,
  Heartbeat,
  HeartbeatAnswer,
  MemberCoupons,
} from '@water/contract/gateway';
import { GATEWAY_PREFIX } from '@water/contract/gateway';
import { signedHeaders, signingKeyOf } from '../modules/gateway/gateway-signing.ts';
import { installFirmware, type RangedAnswer } from './firmware-install.ts';
import { MachineFills } from './machine-fills.ts';

/** A machine the simulator drives: its serial number and the secret it was given at registration. */
export interface MachineIdentity {
  serialNo: string;
  secret: string;
}

/** How a simulated sale ends at the tap. */
export type Outcome = 'COMPLETED' | 'SHORT' | 'FAILED';

export interface SaleOptions {
  channel: Channel;
  requestedMl: number;
  outcome?: Outcome;
  memberPhone?: string;
  /** One of the member's coupons, to take off this sale. */
  couponCode?: string;
  /** The water card a `CARD` sale is paid with, as the machine reads it. */
  card?: { cardNo: string; cardSecret: string };
  /** The machine's time of the sale (ms), for sales made while it was offline. */
  at?: number;
  /** Report the sale and its payment twice, as a machine retrying after a lost answer would. */
  repeat?: boolean;
}

export class GatewayRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`gateway answered ${status}: ${body.slice(0, 200)}`);
  }
}

/** The gateway calls a machine makes, whatever carries them (HTTP or MQTT). */
export type GatewayCall = 'heartbeat' | 'order' | 'payment' | 'dispense';

/** Signs a payment channel's notification as WeChat Pay or Alipay would, and sends it. */
async function notifyAsChannel(baseUrl: string, key: string, channel: Channel, body: object): Promise<void> {
  const path = `${GATEWAY_PREFIX}/channels/${channel.toLowerCase()}/notify`;
  const text = JSON.stringify(body);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: signedHeaders({ key, method: 'POST', path, body: text }),
    body: text,
  });
  if (!response.ok) throw new GatewayRefusal(response.status, await response.text());
}

/** How many commands' results a machine remembers, to answer a command received again. */
const REMEMBERED_COMMANDS = 1000;

/**
 * A water machine's behaviour, over whichever transport a subclass speaks: heartbeats that
 * report its settings and apply the desired ones, remote commands obeyed once each, and sales
 * from start to end. WeChat and Alipay payments need the payment channel's key and the server's
 * HTTP address, to notify the payment as the channel would.
 */
export abstract class GatewayMachine {
  #sequence = 0;
  /** The final acknowledgement of each command it was given, by command id. */
  readonly #results = new Map<string, Promise<CommandAck>>();
  /** The settings it runs with, reported with every heartbeat. */
  settings: ReportedSettings = { version: 0 };
  /** Why it refuses a command, if it does (a demonstration of failures); by default it obeys. */
  refusal: (command: MachineCommand) => string | undefined = () => undefined;
  /** The firmware it runs, reported with every heartbeat. */
  firmware: string | undefined;
  /** Why its firmware updates fail to install, if they do (a demonstration of failures). */
  firmwareFailure: string | undefined;
  /** How long its taps take to fill a litre (ms): fast in tests, about real in demonstrations. */
  msPerLitre = 2000;
  /** Why it cannot dispense the public page's orders, if it cannot: it reports them FAILED (refunded). */
  dispenseFailure: string | undefined;
  /** The public page's orders it is filling. */
  readonly fills = new MachineFills(() => this.msPerLitre);

  constructor(
    readonly identity: MachineIdentity,
    private readonly channel?: { baseUrl: string; notifyKey: string },
  ) {}

  /** One gateway call and its answer; a refusal throws a GatewayRefusal. */
  protected abstract call<T>(call: GatewayCall, body: object, machineOrderNo?: string): Promise<T>;

  /** Sends one acknowledgement of a command to the server. */
  protected abstract acknowledge(ack: CommandAck): Promise<void>;

  /** Reports a firmware update's progress to the server. */
  protected abstract reportFirmware(progress: FirmwareProgress): Promise<void>;

  /** Downloads (part of) a firmware package: `url` is a path on the server's HTTP address. */
  protected abstract fetchFirmware(url: string, range: string): Promise<RangedAnswer>;

  /**
   * A heartbeat reporting its settings; then it applies the desired settings the answer carries
   * and obeys the commands waiting for it.
   */
  async heartbeat(telemetry: Heartbeat = {}): Promise<HeartbeatAnswer> {
    const answer = await this.call<HeartbeatAnswer>('heartbeat', {
      ...telemetry,
      settings: this.settings,
      ...(this.firmware ? { firmware: this.firmware } : {}),
    });
    if (answer.settings) this.settings = { ...answer.settings };
    for (const command of answer.commands ?? []) await this.obey(command);
    return answer;
  }

  /** In maintenance mode: it sells nothing. */
  get locked(): boolean {
    return this.settings.maintenance === true;
  }

  /**
   * Acknowledges a command's receipt, does it (or refuses it) and reports how it went. A command
   * received again (on a heartbeat's answer and on its command topic) is not done again: its
   * result is sent again.
   */
  async obey(command: MachineCommand): Promise<CommandAck> {
    const known = this.#results.get(command.commandId);
    if (known) {
      const ack = await known;
      await this.acknowledge(ack);
      return ack;
    }
    const result = this.#carryOut(command);
    this.#results.set(command.commandId, result);
    // An acknowledgement that did not get through: the command is taken again when it comes again.
    result.catch(() => this.#results.delete(command.commandId));
    if (this.#results.size > REMEMBERED_COMMANDS) this.#results.delete(this.#results.keys().next().value as string);
    return result;
  }

  async #carryOut(command: MachineCommand): Promise<CommandAck> {
    const { commandId } = command;
    await this.acknowledge({ commandId, result: 'DELIVERED' });
    const refused = !COMMAND_TYPES.includes(command.type)
      ? `unknown command ${String(command.type)}`
      : command.expiresAt < Date.now()
        ? 'expired before it started'
        : this.refusal(command);
    if (command.type === 'DISPENSE' || command.type === 'STOP_DISPENSE') {
      const ack = await this.#fill(command, refused ?? this.dispenseFailure);
      await this.acknowledge(ack);
      return ack;
    }
    if (!refused && command.type === 'FIRMWARE_UPDATE') {
      const installed = await installFirmware(command, {
        fetch: (url, range) => this.fetchFirmware(url, range),
        report: (progress) => this.reportFirmware(progress),
        failure: this.firmwareFailure,
      });
      if (installed.version) this.firmware = installed.version;
      await this.acknowledge(installed.ack);
      return installed.ack;
    }
    const ack: CommandAck = refused
      ? { commandId, result: 'FAILED', message: refused }
      : { commandId, result: 'SUCCEEDED', reported: this.#apply(command) };
    await this.acknowledge(ack);
    return ack;
  }

  /**
   * A public page's order to fill (DISPENSE): reported started, then completed with what came out
   * when the fill ends or is stopped (STOP_DISPENSE); a machine that cannot fill reports it failed.
   */
  async #fill(command: MachineCommand, failure: string | undefined): Promise<CommandAck> {
    const { commandId } = command;
    const params = command.params as unknown as DispenseParams;
    if (command.type === 'STOP_DISPENSE') {
      const stopped = this.fills.stop(params.orderNo);
      return { commandId, result: 'SUCCEEDED', message: stopped ? 'stopped' : 'nothing was dispensing' };
    }
    if (failure) {
      await this.call('dispense', { result: 'FAILED', dispensedMl: 0 }, params.machineOrderNo);
      return { commandId, result: 'FAILED', message: failure };
    }
    await this.call('dispense', { result: 'STARTED' }, params.machineOrderNo);
    this.fills.start(params, async (dispensedMl) => {
      await this.call('dispense', { result: 'COMPLETED', dispensedMl }, params.machineOrderNo);
    });
    return { commandId, result: 'SUCCEEDED' };
  }

  /** The settings after a command: those it changes, and the desired version it carries. */
  #apply(command: MachineCommand): ReportedSettings {
    const version = command.params.settingsVersion as number | undefined;
    const applied = { ...this.settings, ...(version === undefined ? {} : { version }) };
    if (command.type === 'LOCK') applied.maintenance = true;
    if (command.type === 'UNLOCK') applied.maintenance = false;
    if (command.type === 'SET_PULSES_PER_LITRE') applied.pulsesPerLitre = command.params.pulsesPerLitre as number;
    this.settings = applied;
    return applied;
  }

  /** One sale from start to end: created, paid (by the machine or the channel), dispensed. */
  async sell(options: SaleOptions): Promise<GatewayOrder> {
    const machineOrderNo = `${this.identity.serialNo.slice(-8)}-${Date.now().toString(36)}-${++this.#sequence}-${randomBytes(2).toString('hex')}`;
    const at = options.at;
    const sale = {
      machineOrderNo,
      tap: 1,
      waterType: 'COLD',
      requestedMl: options.requestedMl,
      channel: options.channel,
      ...(options.memberPhone ? { memberPhone: options.memberPhone } : {}),
      ...(options.couponCode ? { couponCode: options.couponCode } : {}),
      ...(at !== undefined ? { createdAt: at } : {}),
    };
    const order = await this.call<GatewayOrder>('order', sale);
    if (options.repeat) {
      const again = await this.call<GatewayOrder>('order', sale);
      if (again.orderNo !== order.orderNo) throw new Error(`a repeated sale became a second order: ${again.orderNo}`);
    }
    if (order.state === 'PAID') {
      // A coupon covered the whole sale: nothing to pay.
    } else if (options.channel === 'CARD' || options.channel === 'COIN') {
      const payment = {
        channel: options.channel,
        amount: order.payable,
        ...(options.channel === 'CARD' && options.card
          ? { cardNo: options.card.cardNo, cardSecret: options.card.cardSecret }
          : {}),
        ...(at !== undefined ? { paidAt: at } : {}),
      };
      await this.call('payment', payment, machineOrderNo);
      if (options.repeat) await this.call('payment', payment, machineOrderNo);
    } else {
      if (!this.channel) throw new Error(`${options.channel} needs the payment channel's notification key`);
      await notifyAsChannel(this.channel.baseUrl, this.channel.notifyKey, options.channel, {
        orderNo: order.orderNo,
        transactionId: `${options.channel === 'WECHAT' ? 'wx' : 'ali'}-${randomBytes(8).toString('hex')}`,
        amount: order.payable,
        ...(at !== undefined ? { paidAt: at } : {}),
      });
    }
    const outcome = options.outcome ?? 'COMPLETED';
    const endedAt = at === undefined ? {} : { endedAt: at + 30_000 };
    return this.call<GatewayOrder>(
      'dispense',
      {
        result: outcome === 'FAILED' ? 'FAILED' : 'COMPLETED',
        dispensedMl:
          outcome === 'COMPLETED'
            ? options.requestedMl
            : outcome === 'SHORT'
              ? Math.floor(options.requestedMl * 0.6)
              : 0,
        ...endedAt,
      },
      machineOrderNo,
    );
  }
}

/** A ranged GET of a firmware package over real HTTP. */
export async function downloadRange(url: string, range: string): Promise<RangedAnswer> {
  const response = await fetch(url, { headers: { range } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

const HTTP_PATHS: Record<GatewayCall, (machineOrderNo?: string) => string> = {
  heartbeat: () => `${GATEWAY_PREFIX}/heartbeat`,
  order: () => `${GATEWAY_PREFIX}/orders`,
  payment: (no) => `${GATEWAY_PREFIX}/orders/${no}/payment`,
  dispense: (no) => `${GATEWAY_PREFIX}/orders/${no}/dispense`,
};

/** A water machine speaking to the server through the real HTTP gateway: real HTTP, real signatures. */
export class VirtualMachine extends GatewayMachine {
  readonly #key: string;

  constructor(
    readonly baseUrl: string,
    identity: MachineIdentity,
    notifyKey?: string,
    /** Told how long each call took (ms), for measuring. */
    private readonly observe?: (path: string, ms: number) => void,
  ) {
    super(identity, notifyKey ? { baseUrl, notifyKey } : undefined);
    this.#key = signingKeyOf(identity.secret);
  }

  protected call<T>(call: GatewayCall, body: object, machineOrderNo?: string): Promise<T> {
    return this.#send('POST', HTTP_PATHS[call](machineOrderNo), body);
  }

  protected async acknowledge(ack: CommandAck): Promise<void> {
    await this.#send('POST', `${GATEWAY_PREFIX}/commands/ack`, ack);
  }

  protected async reportFirmware(progress: FirmwareProgress): Promise<void> {
    await this.#send('POST', `${GATEWAY_PREFIX}/firmware/progress`, progress);
  }

  protected fetchFirmware(url: string, range: string): Promise<RangedAnswer> {
    return downloadRange(new URL(url, this.baseUrl).href, range);
  }

  async #send<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers = signedHeaders({ key: this.#key, method, path, body: text, machine: this.identity.serialNo });
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, ...(text ? { body: text } : {}) });
    const answer = await response.text();
    this.observe?.(path, performance.now() - started);
    if (!response.ok) throw new GatewayRefusal(response.status, answer);
    return JSON.parse(answer) as T;
  }

  /** A member's coupons good at this machine, and those the member may claim here. */
  coupons(memberPhone: string): Promise<MemberCoupons> {
    return this.#send('GET', `${GATEWAY_PREFIX}/coupons?memberPhone=${memberPhone}`);
  }

  /** A member claims a coupon at the machine (a template's id, or a code). */
  claim(input: ClaimInput): Promise<GatewayCoupon> {
    return this.#send('POST', `${GATEWAY_PREFIX}/coupons/claim`, input);
  }
}
