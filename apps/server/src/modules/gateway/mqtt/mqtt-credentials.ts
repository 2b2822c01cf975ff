import { createHmac, timingSafeEqual } from 'node:crypto';
import { GATEWAY_WINDOW_MS } from '@water/contract/gateway';
import {
  MQTT_FIXED_PASSWORD,
  MQTT_PASSWORD,
  mqttFixedPasswordToSign,
  mqttPasswordToSign,
} from '@water/contract/gateway-mqtt';
import { batched } from '../../../lib/batch.ts';
import type { Deps } from '../../../lib/deps.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { type GatewayMachineRow, gatewayRepository as repo } from '../gateway.repository.ts';
import { freshAt, SPEAKING, unsigned } from '../gateway.service.ts';

/** What a machine connects with. */
export interface Credentials {
  username: string | undefined;
  password: string | undefined;
}

/** Connections asking within this long are checked together (a power cut brings thousands at once). */
const GATHER_MS = 10;
const MOST_AT_ONCE = 500;

/** Whether `given` (hex) is the HMAC of `signed` under `key`, compared in constant time. */
function signedBy(key: string, signed: string, given: string): boolean {
  const expected = createHmac('sha256', key).update(signed).digest();
  const provided = Buffer.from(given, 'hex');
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}

interface Checked {
  machine: GatewayMachineRow;
  /** The one-time password's timestamp; undefined for the fixed password. */
  timestamp: string | undefined;
}

/**
 * Checks MQTT credentials: the username a machine's serial number (exactly as registered), the
 * password either `v1:{timestamp}:{HMAC}` of that machine's key, fresh and never used before (a
 * password is good once: one captured on the way opens no second connection), or its fixed
 * password `v1:{HMAC}` (what an external broker checks, so one firmware connects to both).
 * Connections arriving together are checked with one read and one write of the database.
 */
export function createMqttCredentials({ db, database, clock }: Pick<Deps, 'db' | 'database' | 'clock'>) {
  /** Everything about one attempt that needs no database, then its machine. */
  function check(credentials: Credentials, now: number, found: Map<string, GatewayMachineRow>): Checked {
    const { username, password } = credentials;
    if (!username || username.length > 64) throw unsigned('The username must be the machine’s serial number');
    const fixed = MQTT_FIXED_PASSWORD.exec(password ?? '');
    const oneTime = fixed ? null : MQTT_PASSWORD.exec(password ?? '');
    if (!fixed && !oneTime) throw unsigned('The password must be v1:{timestamp}:{signature} or v1:{signature}');
    const timestamp = oneTime?.[1];
    if (timestamp !== undefined) freshAt(now, timestamp, 'The password’s timestamp');
    const machine = found.get(username.toLowerCase());
    if (!machine?.secretHash || machine.serialNo !== username) {
      throw new HttpError(401, `No machine has serial number ${username}`, 'MACHINE_UNKNOWN');
    }
    const signed =
      timestamp === undefined ? mqttFixedPasswordToSign(username) : mqttPasswordToSign(username, timestamp);
    if (!signedBy(machine.secretHash, signed, (fixed?.[1] ?? oneTime?.[2]) as string)) {
      throw unsigned('The password is not signed with the machine’s key');
    }
    if (!SPEAKING.includes(machine.lifecycle)) {
      throw new HttpError(403, `Machine ${machine.serialNo} is ${machine.lifecycle}`, 'MACHINE_UNAVAILABLE');
    }
    return { machine, timestamp };
  }

  async function checkAll(batch: readonly Credentials[]): Promise<(GatewayMachineRow | Error)[]> {
    const now = clock.now().getTime();
    const names = batch.map((credentials) => credentials.username).filter((name): name is string => !!name);
    const found = await repo.machinesBySerial(db, [...new Set(names)]);
    const results = batch.map((credentials) => {
      try {
        return check(credentials, now, found);
      } catch (error) {
        return error as Error;
      }
    });
    const nonceOf = (machine: GatewayMachineRow, timestamp: string) => ({
      sender: `machine:${machine.id}`,
      nonce: `mqtt-${timestamp}`,
    });
    // Kept a little beyond the window either way: a replay later than that has a stale timestamp.
    const expiresAt = new Date(now + 2 * GATEWAY_WINDOW_MS);
    const claimed = await repo.claimNonces(
      database.relaxed,
      results
        .filter((result): result is Checked => !(result instanceof Error) && result.timestamp !== undefined)
        .map(({ machine, timestamp }) => ({ ...nonceOf(machine, timestamp as string), expiresAt })),
    );
    return results.map((result) => {
      if (result instanceof Error) return result;
      // The fixed password claims no nonce: it is the same at every connection.
      if (result.timestamp === undefined) return result.machine;
      const { sender, nonce } = nonceOf(result.machine, result.timestamp);
      // The first attempt with a password wins, even against another in the same batch.
      return claimed.delete(`${sender} ${nonce}`)
        ? result.machine
        : new HttpError(409, 'The password was used before', 'NONCE_REUSED');
    });
  }

  return {
    /** The machine these credentials are for, or the refusal that says why not. */
    authenticate: batched(checkAll, { most: MOST_AT_ONCE, gatherMs: GATHER_MS }),
  };
}

export type MqttCredentials = ReturnType<typeof createMqttCredentials>;
