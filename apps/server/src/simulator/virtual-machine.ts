import { randomBytes } from 'node:crypto';
import type { CommandAck, CommandAckAnswer, MachineCommand, ReportedSettings } from '@water/contract/commands';
import type {
  Channel,
  ClaimInput,
  GatewayCoupon,
  GatewayOrder,
  Heartbeat,
  HeartbeatAnswer,
  MemberCoupons,
} from '@water/contract/gateway';
import { GATEWAY_PREFIX } from '@water/contract/gateway';
import { signedHeaders, signingKeyOf } from '../modules/gateway/gateway-signing.ts';

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

/**
 * A water machine speaking to the server through the real gateway: real HTTP, real signatures.
 * WeChat and Alipay payments need the payment channel's key, to sign the channel's notification
 * as the channel would.
 */
export class VirtualMachine {
  readonly #key: string;
  #sequence = 0;
  /** The settings it runs with, reported with every heartbeat. */
  settings: ReportedSettings = { version: 0 };
  /** The commands it has done (a command received twice is done once). */
  readonly done = new Map<string, MachineCommand>();
  /** Why it refuses a command, if it does (a demonstration of failures); by default it obeys. */
  refusal: (command: MachineCommand) => string | undefined = () => undefined;

  constructor(
    readonly baseUrl: string,
    readonly identity: MachineIdentity,
    private readonly notifyKey?: string,
    /** Told how long each call took (ms), for measuring. */
    private readonly observe?: (path: string, ms: number) => void,
  ) {
    this.#key = signingKeyOf(identity.secret);
  }

  async #send<T>(method: 'GET' | 'POST', path: string, body?: object, key = this.#key, machine = true): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers = signedHeaders({
      key,
      method,
      path,
      body: text,
      ...(machine ? { machine: this.identity.serialNo } : {}),
    });
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, ...(text ? { body: text } : {}) });
    const answer = await response.text();
    this.observe?.(path, performance.now() - started);
    if (!response.ok) throw new GatewayRefusal(response.status, answer);
    return JSON.parse(answer) as T;
  }

  /**
   * A heartbeat reporting its settings; then it applies the desired settings the answer carries
   * and obeys the commands waiting for it.
   */
  async heartbeat(telemetry: Heartbeat = {}): Promise<HeartbeatAnswer> {
    const answer = await this.#send<HeartbeatAnswer>('POST', `${GATEWAY_PREFIX}/heartbeat`, {
      ...telemetry,
      settings: this.settings,
    });
    if (answer.settings) this.settings = { ...answer.settings };
    for (const command of answer.commands ?? []) await this.obey(command);
    return answer;
  }

  /** In maintenance mode: it sells nothing. */
  get locked(): boolean {
    return this.settings.maintenance === true;
  }

  /** Acknowledges a command's receipt, does it (or refuses it) and reports how it went. */
  async obey(command: MachineCommand): Promise<CommandAckAnswer> {
    const ack = (body: CommandAck) => this.#send<CommandAckAnswer>('POST', `${GATEWAY_PREFIX}/commands/ack`, body);
    const { commandId } = command;
    if (this.done.has(commandId)) return ack({ commandId, result: 'SUCCEEDED', reported: this.settings });
    await ack({ commandId, result: 'DELIVERED' });
    const refused = command.expiresAt < Date.now() ? 'expired before it started' : this.refusal(command);
    if (refused) return ack({ commandId, result: 'FAILED', message: refused });
    const version = command.params.settingsVersion as number | undefined;
    const applied = { ...this.settings, ...(version === undefined ? {} : { version }) };
    if (command.type === 'LOCK') applied.maintenance = true;
    if (command.type === 'UNLOCK') applied.maintenance = false;
    if (command.type === 'SET_PULSES_PER_LITRE') applied.pulsesPerLitre = command.params.pulsesPerLitre as number;
    this.settings = applied;
    this.done.set(commandId, command);
    return ack({ commandId, result: 'SUCCEEDED', reported: this.settings });
  }

  /** A member's coupons good at this machine, and those the member may claim here. */
  coupons(memberPhone: string): Promise<MemberCoupons> {
    return this.#send('GET', `${GATEWAY_PREFIX}/coupons?memberPhone=${memberPhone}`);
  }

  /** A member claims a coupon at the machine (a template's id, or a code). */
  claim(input: ClaimInput): Promise<GatewayCoupon> {
    return this.#send('POST', `${GATEWAY_PREFIX}/coupons/claim`, input);
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
    const order = await this.#send<GatewayOrder>('POST', `${GATEWAY_PREFIX}/orders`, sale);
    if (options.repeat) {
      const again = await this.#send<GatewayOrder>('POST', `${GATEWAY_PREFIX}/orders`, sale);
      if (again.orderNo !== order.orderNo) throw new Error(`a repeated sale became a second order: ${again.orderNo}`);
    }
    const path = `${GATEWAY_PREFIX}/orders/${machineOrderNo}`;
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
      await this.#send('POST', `${path}/payment`, payment);
      if (options.repeat) await this.#send('POST', `${path}/payment`, payment);
    } else {
      if (!this.notifyKey) throw new Error(`${options.channel} needs the payment channel's notification key`);
      await this.#send(
        'POST',
        `${GATEWAY_PREFIX}/channels/${options.channel.toLowerCase()}/notify`,
        {
          orderNo: order.orderNo,
          transactionId: `${options.channel === 'WECHAT' ? 'wx' : 'ali'}-${randomBytes(8).toString('hex')}`,
          amount: order.payable,
          ...(at !== undefined ? { paidAt: at } : {}),
        },
        this.notifyKey,
        false,
      );
    }
    const outcome = options.outcome ?? 'COMPLETED';
    const endedAt = at === undefined ? {} : { endedAt: at + 30_000 };
    return this.#send<GatewayOrder>('POST', `${path}/dispense`, {
      result: outcome === 'FAILED' ? 'FAILED' : 'COMPLETED',
      dispensedMl:
        outcome === 'COMPLETED' ? options.requestedMl : outcome === 'SHORT' ? Math.floor(options.requestedMl * 0.6) : 0,
      ...endedAt,
    });
  }
}
