import Type, { type Static } from 'typebox';

/**
 * The machine gateway over MQTT 3.1.1 (docs/gateway.md, "MQTT"): the same calls as over HTTP,
 * each a message on the machine's own topics, answered on its reply topic.
 */

/** What a machine publishes under `m/{serial}/up/`: the first four are the HTTP gateway's calls. */
export const MQTT_UP = ['heartbeat', 'order', 'payment', 'dispense', 'ack', 'firmware'] as const;
export type MqttUp = (typeof MQTT_UP)[number];
/** The up topics that are requests of the gateway, each answered on the reply topic. */
export const MQTT_REQUESTS = ['heartbeat', 'order', 'payment', 'dispense'] as const;
export type MqttRequestKind = (typeof MQTT_REQUESTS)[number];

/** A machine's topics: it publishes `up/…` and `status`, and subscribes to `cmd` and `reply`. */
export const mqttTopics = (serialNo: string) => ({
  up: (kind: MqttUp) => `m/${serialNo}/up/${kind}`,
  cmd: `m/${serialNo}/cmd`,
  reply: `m/${serialNo}/reply`,
  status: `m/${serialNo}/status`,
});

/** The payloads of the retained status topic: `online` at connection, `offline` as the last will. */
export const MQTT_STATUS = ['online', 'offline'] as const;

/** The longest keepalive a machine may ask for, in seconds (0, no keepalive, is refused too). */
export const MQTT_MAX_KEEPALIVE = 600;

/**
 * What is signed into a machine's MQTT password: the serial number and the time, one per line.
 * The password is `v1:{timestamp}:{hex HMAC-SHA256 of this under the machine's key}`.
 */
export function mqttPasswordToSign(serialNo: string, timestamp: string): string {
  return `MQTT\n${serialNo}\n${timestamp}`;
}
export const MQTT_PASSWORD = /^v1:(\d{1,15}):([0-9a-f]{64})$/;

/**
 * What is signed into a machine's fixed password: `MQTT` and the serial number, one per line.
 * The password is `v1:{hex HMAC-SHA256 of this under the machine's key}`, the same at every
 * connection: an external broker keeps it (it cannot check a one-time password), and the
 * embedded broker takes it too, so one firmware connects to both.
 */
export function mqttFixedPasswordToSign(serialNo: string): string {
  return `MQTT\n${serialNo}`;
}
export const MQTT_FIXED_PASSWORD = /^v1:([0-9a-f]{64})$/;

/**
 * A request published on an up topic. `id` is the message's nonce, never used twice by the same
 * machine, and comes back in the answer; `ts` is the machine's time (ms since 1970), within five
 * minutes of the server's; `body` is what the HTTP call's body would be.
 */
export const MqttRequest = Type.Object(
  {
    id: Type.String({
      pattern: '^[A-Za-z0-9_-]{16,64}$',
      errorMessage: 'must be 16 to 64 letters, digits, _ or -',
    }),
    ts: Type.Integer({ minimum: 0, description: 'ms since 1970 by the machine’s clock' }),
    /** The order a payment or dispense is about (the path parameter over HTTP). */
    machineOrderNo: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be 1 to 64 letters, digits, _ or -' }),
    ),
    body: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type MqttRequest = Static<typeof MqttRequest>;

/**
 * The answer to a request, on `m/{serial}/reply`: the HTTP status and body the same call over
 * HTTP would have had (the error format for a refusal). `id` is null when the request had none.
 */
export interface MqttReply {
  id: string | null;
  /** The topic kind the request came on. */
  kind: MqttRequestKind;
  status: number;
  body: unknown;
}
