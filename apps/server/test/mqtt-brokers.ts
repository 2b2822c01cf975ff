import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { MqttMachine, type MqttMachineOptions } from '../src/simulator/mqtt-machine.ts';
import { mosquittoInstalled, startMosquitto, type TestMosquitto } from './mosquitto.ts';
import { type MachineIdentity, machineMaker } from './mqtt-fixtures.ts';
import type { Caller } from './test-app.ts';

export type BrokerKind = 'embedded' | 'mosquitto';

/**
 * The brokers the MQTT suite runs against: the embedded one, and Debian's mosquitto. In CI a
 * missing mosquitto fails the suite (startMosquitto says what to install); elsewhere the suite
 * runs against the embedded broker alone, and says so.
 */
export function brokerKinds(): BrokerKind[] {
  if (mosquittoInstalled() || process.env.CI === 'true') return ['embedded', 'mosquitto'];
  console.warn(
    'mosquitto is not installed (apt-get install mosquitto): the MQTT tests run against the embedded broker only',
  );
  return ['embedded'];
}

export interface BrokerUnderTest {
  kind: BrokerKind;
  /** The test app's settings for this broker (read once the file's set-up ran). */
  env(): Record<string, string>;
  /** Where machines connect. */
  url(app: FastifyInstance): string;
  /** A machine connecting with the password this broker takes. */
  machine(app: FastifyInstance, identity: MachineIdentity, options?: MqttMachineOptions): MqttMachine;
  /**
   * machineMaker's, once the broker knows each machine: mosquitto's accounts follow a machine's
   * installation within moments, the test waits for them rather than retrying its connections.
   */
  machineMaker(app: FastifyInstance, admin: Caller): Promise<() => Promise<MachineIdentity>>;
  /** The CONNACK return code of a refused password (mosquitto says 5, not authorised, for every refusal). */
  refusedCode: 4 | 5;
  /** The test mosquitto (mosquitto only). */
  mosquitto(): TestMosquitto;
}

/** Sets up the broker of a test file: for mosquitto, one of its own, started before the app and stopped after it. */
export function useBroker(kind: BrokerKind): BrokerUnderTest {
  let mosquitto: TestMosquitto | undefined;
  if (kind === 'mosquitto') {
    beforeAll(async () => {
      mosquitto = await startMosquitto();
    });
    afterAll(() => mosquitto?.close());
  }
  const url = (app: FastifyInstance) => mosquitto?.url ?? `mqtt://127.0.0.1:${app.mqtt?.port}`;
  return {
    kind,
    env: (): Record<string, string> => (mosquitto ? { MQTT_URL: mosquitto.consoleUrl } : { MQTT_PORT: '0' }),
    url,
    machine: (app, identity, options = {}) =>
      new MqttMachine(url(app), identity, { password: mosquitto ? 'fixed' : 'one-time', ...options }),
    machineMaker: async (app, admin) => {
      const make = await machineMaker(admin);
      return async () => {
        const identity = await make();
        await app.mqtt?.machinesChanged([identity.id]);
        return identity;
      };
    },
    refusedCode: kind === 'mosquitto' ? 5 : 4,
    mosquitto: () => {
      if (!mosquitto) throw new Error('not a mosquitto test');
      return mosquitto;
    },
  };
}
