import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';

/** One command to mosquitto's dynamic security plugin (mosquitto.org/documentation/dynamic-security). */
export type DynsecCommand = { command: string } & Record<string, unknown>;
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
  correlationData?: string;
}
/** Sends commands in one message and answers the plugin's responses, in the same order. */
export type DynsecControl = (commands: readonly DynsecCommand[]) => Promise<DynsecResponse[]>;

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;
const ANSWER_WITHIN_MS = 30_000;

/**
 * The dynamic security plugin, administered through `client` (an account with the plugin's admin
 * role). Every administrator hears every response: ours are told apart by their correlation data.
 */
export function dynsecControl(client: MqttClient): DynsecControl {
  const prefix = randomBytes(6).toString('hex');
  let sent = 0;
  const waiting = new Map<string, (responses: DynsecResponse[] | Error) => void>();
  let subscribed: Promise<unknown> | undefined;
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    try {
      const { responses } = JSON.parse(payload.toString('utf8')) as { responses: DynsecResponse[] };
      const key = responses[0]?.correlationData;
      if (key) waiting.get(key)?.(responses);
    } catch {
      // Not a response of the plugin: nothing waits for it.
    }
  });
  client.on('connect', () => {
    subscribed = undefined;
  });
  // Answers sent before a closed connection are lost with it (the plugin closes the connection of
  // an account whose roles it changed).
  client.on('close', () => {
    for (const settle of waiting.values()) settle(new Error('the connection to the broker closed'));
  });
  return async (commands) => {
    if (commands.length === 0) return [];
    subscribed ??= client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
    await subscribed;
    const key = `${prefix}:${++sent}`;
    const tagged = commands.map((command, index) => ({ ...command, correlationData: `${key}:${index}` }));
    return new Promise<DynsecResponse[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(`${key}:0`);
        reject(new Error(`the broker's dynamic security did not answer within ${ANSWER_WITHIN_MS / 1000} s`));
      }, ANSWER_WITHIN_MS);
      waiting.set(`${key}:0`, (responses) => {
        clearTimeout(timer);
        waiting.delete(`${key}:0`);
        if (responses instanceof Error) reject(responses);
        else resolve(responses);
      });
      client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 }).catch((error: unknown) => {
        clearTimeout(timer);
        waiting.delete(`${key}:0`);
        reject(error);
      });
    });
  };
}
