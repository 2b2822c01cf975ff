import { timingSafeEqual } from 'node:crypto';
import { DEFAULT_HEARTBEAT_SECONDS } from '@water/contract/commands';
import { type Channel, GATEWAY_WINDOW_MS, type Heartbeat, type HeartbeatAnswer } from '@water/contract/gateway';
import { batched } from '../../lib/batch.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { AlarmsService } from '../alarms/alarms.service.ts';
import type { CommandsService } from '../commands/commands.service.ts';
import type { MachinesService } from '../machines/machines.service.ts';
import type { SellingMachine } from '../orders/orders.service.ts';
import type { PricePoliciesService } from '../price-policies/price-policies.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { type GatewayMachineRow, gatewayRepository as repo } from './gateway.repository.ts';
import { signature } from './gateway-signing.ts';

/** What a signed request carries, read from its headers and body. */
export interface SignedRequest {
  method: string;
  /** The path with its query string, as sent. */
  path: string;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  body: string;
}

/** A nonce a request claims for its sender, kept until it expires. */
interface Claim {
  sender: string;
  nonce: string;
  expiresAt: Date;
}

/** Seconds between heartbeats that machines are told unless their settings say otherwise. */
export const HEARTBEAT_SECONDS = DEFAULT_HEARTBEAT_SECONDS;

/** Lifecycles in which a machine may speak to the gateway at all. */
export const SPEAKING: readonly string[] = ['ALLOCATED', 'OPERATING', 'SUSPENDED'];

export const unsigned = (message: string) => new HttpError(401, message, 'SIGNATURE_INVALID');

/** `now`, when `timestamp` (ms, as sent) lies within the gateway's window around it. */
export function freshAt(now: number, timestamp: string, name: string): number {
  const at = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!Number.isFinite(at) || Math.abs(now - at) > GATEWAY_WINDOW_MS) {
    throw new HttpError(401, `${name} is more than 5 minutes from the server’s time`, 'REQUEST_STALE');
  }
  return now;
}

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

/** Whether the request's signature is its HMAC-SHA256 under `key`, compared in constant time. */
function signedWith(key: string, request: SignedRequest): boolean {
  const expected = Buffer.from(
    signature(key, request.method, request.path, request.timestamp ?? '', request.nonce ?? '', request.body),
    'hex',
  );
  const given = Buffer.from(request.signature ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type GatewayService = ReturnType<typeof createGatewayService>;

/** What a heartbeat read, for the modules that react to it. */
export interface HeartbeatReadings {
  machineId: number;
  tdsOut: number | undefined;
}

/**
 * The machines' side of the server: every request signed with the machine's key (or, for a
 * payment notification, the channel's), within the time window and with a fresh nonce; then
 * heartbeats keep the machine's runtime and raise or resolve its alarms.
 */
export function createGatewayService(
  { db, database, clock }: Pick<Deps, 'db' | 'database' | 'clock'>,
  {
    policies,
    alarms,
    machines,
    commands,
    telemetry,
    paymentNotifyKey,
  }: {
    policies: PricePoliciesService;
    alarms: AlarmsService;
    machines: MachinesService;
    commands: CommandsService;
    telemetry: Pick<TelemetryService, 'record'>;
    paymentNotifyKey: string | undefined;
  },
) {
  /** The timestamp and nonce of a request, checked before anything is looked up. */
  function checkedFreshness(request: SignedRequest): number {
    if (!request.timestamp || !request.nonce || !request.signature) {
      throw unsigned('The request is not signed: X-Timestamp, X-Nonce and X-Signature are required');
    }
    if (!NONCE.test(request.nonce)) throw unsigned('X-Nonce must be 16 to 64 letters, digits, _ or -');
    if (!HEX_SIGNATURE.test(request.signature)) throw unsigned('X-Signature must be 64 lowercase hex digits');
    return freshAt(clock.now().getTime(), request.timestamp, 'X-Timestamp');
  }

  /** The machines asked for in one turn, read together (a serial number in any case). */
  const machineBySerial = batched(async (serialNos: readonly string[]) => {
    const found = await repo.machinesBySerial(db, serialNos);
    return serialNos.map((serialNo) => found.get(serialNo.toLowerCase()));
  });

  /** The nonces claimed in one turn, recorded together; of two alike, the first wins. */
  const claimed = batched(async (claims: readonly Claim[]) => {
    const unique = new Map(claims.map((claim) => [`${claim.sender} ${claim.nonce}`, claim]));
    const recorded = await repo.claimNonces(database.relaxed, [...unique.values()]);
    return claims.map((claim) => recorded.delete(`${claim.sender} ${claim.nonce}`));
  });

  async function claimNonce(sender: string, nonce: string, now: number) {
    // Kept a little beyond the window either way: a replay later than that has a stale timestamp.
    if (!(await claimed({ sender, nonce, expiresAt: new Date(now + 2 * GATEWAY_WINDOW_MS) }))) {
      throw new HttpError(409, 'X-Nonce was used before: the request is a replay', 'NONCE_REUSED');
    }
  }

  const readingsHandlers: ((readings: HeartbeatReadings) => Promise<void>)[] = [];

  return {
    /** Reacts to every heartbeat's readings once the runtime has them (work done is confirmed by them). */
    onReadings(handler: (readings: HeartbeatReadings) => Promise<void>): void {
      readingsHandlers.push(handler);
    },

    /** A machine by its serial number (any case), read with the others asked for in the same turn. */
    machineBySerial,

    /** The machine that signed the request, or a refusal that says what is wrong. */
    async authenticateMachine(serialNo: string | undefined, request: SignedRequest): Promise<GatewayMachineRow> {
      if (!serialNo || serialNo.length > 64) throw unsigned('X-Machine (the machine’s serial number) is required');
      const now = checkedFreshness(request);
      const machine = await machineBySerial(serialNo);
      if (!machine?.secretHash) throw new HttpError(401, `No machine has serial number ${serialNo}`, 'MACHINE_UNKNOWN');
      if (!signedWith(machine.secretHash, request)) throw unsigned('The signature does not match the request');
      if (!SPEAKING.includes(machine.lifecycle)) {
        throw new HttpError(403, `Machine ${machine.serialNo} is ${machine.lifecycle}`, 'MACHINE_UNAVAILABLE');
      }
      await claimNonce(`machine:${machine.id}`, request.nonce as string, now);
      return machine;
    },

    /** Machines connected (over MQTT): online, and the offline alarms of those that were not resolved. */
    async connected(connected: readonly GatewayMachineRow[]): Promise<void> {
      const wereOffline = await machines.runtime.markOnline(
        database.relaxed,
        connected.map((machine) => machine.id),
      );
      await alarms.allBackOnline(wereOffline);
    },

    /** A machine's connection was lost for good: offline, with an alarm. */
    async connectionLost(machine: GatewayMachineRow): Promise<void> {
      await alarms.connectionLost(machine);
    },

    /** A payment channel's signed notification. */
    async authenticateChannel(channel: Channel, request: SignedRequest): Promise<void> {
      if (!paymentNotifyKey) {
        throw new HttpError(403, 'Payment notifications are not enabled: PAYMENT_NOTIFY_KEY is not set', 'FORBIDDEN');
      }
      const now = checkedFreshness(request);
      if (!signedWith(paymentNotifyKey, request)) throw unsigned('The signature does not match the notification');
      await claimNonce(`channel:${channel}`, request.nonce as string, now);
    },

    /**
     * A heartbeat: the runtime is kept, its readings join the machine's telemetry history, alarms
     * follow its changes, and the machine learns its prices, the commands waiting for it and its
     * desired settings when it reports others. Alarms follow the runtime the write replaced, not the one read when the request
     * came in: the offline check may have marked the machine offline in between.
     */
    async heartbeat(machine: GatewayMachineRow, beat: Heartbeat): Promise<HeartbeatAnswer> {
      const now = clock.now();
      const faultBits = beat.faultBits ?? 0;
      const before = await machines.runtime.record({
        id: machine.id,
        at: now,
        faultBits,
        ...(beat.signal !== undefined ? { signal: beat.signal } : {}),
        ...(beat.temperature !== undefined ? { temperature: Number(beat.temperature.toFixed(1)) } : {}),
        ...(beat.tdsIn !== undefined ? { tdsIn: beat.tdsIn } : {}),
        ...(beat.tdsOut !== undefined ? { tdsOut: beat.tdsOut } : {}),
        ...(beat.tankLevel !== undefined ? { tankLevel: beat.tankLevel } : {}),
        ...(beat.makingWater !== undefined ? { makingWater: beat.makingWater } : {}),
        ...(beat.doorOpen !== undefined ? { doorOpen: beat.doorOpen } : {}),
        ...(beat.firmware !== undefined ? { firmware: beat.firmware } : {}),
      });
      if (before) telemetry.record(machine.id, now, beat);
      if (before) {
        if (!before.online) await alarms.backOnline(machine);
        await alarms.telemetryChanged(machine, before, {
          faultBits,
          tdsOut: beat.tdsOut ?? before.tdsOut,
          tankLevel: beat.tankLevel ?? before.tankLevel,
        });
        for (const handler of readingsHandlers) await handler({ machineId: machine.id, tdsOut: beat.tdsOut });
      }
      const prices = machine.lifecycle === 'OPERATING' ? await policies.pricesFor(machine) : null;
      const { heartbeatSeconds, ...control } = await commands.forHeartbeat(machine, beat.settings);
      return {
        serverTime: now.getTime(),
        lifecycle: machine.lifecycle,
        prices,
        heartbeatSeconds: heartbeatSeconds ?? HEARTBEAT_SECONDS,
        ...control,
      };
    },

    /** Forgets the nonces whose timestamps could no longer be accepted. */
    async purgeNonces(): Promise<void> {
      await repo.purgeNonces(db, clock.now());
    },
  };
}

export type { SellingMachine };
