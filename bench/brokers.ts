/**
 * The broker a benchmark's machines connect to: the console's embedded one (the default), or
 * Debian's mosquitto with its dynamic security (`BENCH_BROKER=mosquitto`), started here with the
 * fleet's accounts already written, the console its client through MQTT_URL (docs/deploy-mqtt.md).
 */

import { signingKeyOf } from '../apps/server/src/modules/gateway/gateway-signing.ts';
import type { MqttMachineOptions } from '../apps/server/src/simulator/mqtt-machine.ts';
import { startMosquitto } from '../apps/server/test/mosquitto.ts';

export interface BenchBroker {
  /** For a figure's name: "the embedded broker" or "mosquitto". */
  label: string;
  /** A figure's key in bench/results.json, apart for each broker. */
  key(name: string): string;
  /** The console's settings for this broker. */
  consoleEnv: Record<string, string>;
  /** Where machines connect, and how they sign in. */
  machineUrl: string;
  machineOptions: MqttMachineOptions;
  /** Stops the broker and starts it again (mosquitto only; the embedded one restarts with its server). */
  restart?: () => Promise<void>;
  close(): Promise<void>;
}

export async function benchBroker(
  fleet: readonly { serialNo: string; secret: string }[],
  mqttPort: number,
): Promise<BenchBroker> {
  if (process.env.BENCH_BROKER !== 'mosquitto') {
    return {
      label: 'the embedded broker',
      key: (name) => name,
      consoleEnv: { MQTT_PORT: String(mqttPort) },
      machineUrl: `mqtt://127.0.0.1:${mqttPort}`,
      machineOptions: {},
      close: async () => undefined,
    };
  }
  const broker = await startMosquitto({
    machines: fleet.map(({ serialNo, secret }) => ({ serialNo, secretHash: signingKeyOf(secret) })),
  });
  return {
    label: 'mosquitto',
    key: (name) => `${name}-mosquitto`,
    consoleEnv: { MQTT_URL: broker.consoleUrl, MQTT_PORT: 'off' },
    machineUrl: broker.url,
    machineOptions: { password: 'fixed' },
    restart: () => broker.restart(),
    close: () => broker.close(),
  };
}
