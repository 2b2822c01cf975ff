import { MQTT_UP, type MqttUp, mqttTopics } from '@water/contract/gateway-mqtt';

/** A topic a machine publishes on: one of its up topics, or its status. */
export type MachineTopic = { kind: 'up'; up: MqttUp } | { kind: 'status' };

/** What a topic of the machine `serialNo` is, or undefined for any other topic (another machine's, unknown). */
export function machineTopic(serialNo: string, topic: string): MachineTopic | undefined {
  const own = mqttTopics(serialNo);
  if (topic === own.status) return { kind: 'status' };
  const prefix = `m/${serialNo}/up/`;
  if (!topic.startsWith(prefix)) return undefined;
  const up = topic.slice(prefix.length);
  return (MQTT_UP as readonly string[]).includes(up) ? { kind: 'up', up: up as MqttUp } : undefined;
}

/** A machine publishes on its own up topics and status, nothing else. */
export const mayPublish = (serialNo: string, topic: string) => machineTopic(serialNo, topic) !== undefined;

/** A machine subscribes to its own commands and replies, nothing else (no wildcards). */
export function maySubscribe(serialNo: string, topic: string): boolean {
  const own = mqttTopics(serialNo);
  return topic === own.cmd || topic === own.reply;
}

/** The serial number of a topic `m/{serial}/…`, as the server's own subscription receives it. */
export function serialOfTopic(topic: string): string | undefined {
  const [root, serialNo] = topic.split('/', 3);
  return root === 'm' && serialNo ? serialNo : undefined;
}
