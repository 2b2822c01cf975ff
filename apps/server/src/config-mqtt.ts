import path from 'node:path';
import { ConfigError, durationMs } from './config-rules.ts';

/** The machines' MQTT broker: the embedded one, or an external one (docs/gateway.md, "MQTT"). */
export interface MqttConfig {
  /** MQTT_URL: the server is a client of this broker, and starts none of its own (port, host and tls unused). */
  external: ExternalBroker | undefined;
  /** MQTT_PORT (default 1883, 8883 with TLS; 0 picks a free port). */
  port: number;
  /** MQTT_HOST, else HOST. */
  host: string;
  /** MQTT_TLS_CERT and MQTT_TLS_KEY: PEM files; set, the port speaks MQTT over TLS only. */
  tls: { certFile: string; keyFile: string } | undefined;
  /** A lost connection not made again within this long takes the machine offline (MQTT_OFFLINE_GRACE, default 10 s). */
  offlineGraceMs: number;
  /**
   * With an external broker, a machine's will that comes when nothing was heard from it (no
   * heartbeat, no `online`) for this long is its keepalive running out: offline at once, without
   * the grace (MQTT_SILENT_AFTER, default 75 s: a heartbeat a minute, missed by a quarter).
   */
  silentAfterMs: number;
  /**
   * How long after a start the heartbeat rule waits for machines to reconnect: 90 s (1.5 times
   * the heartbeat interval machines are told), or OFFLINE_AFTER when shorter.
   */
  reconnectWindowMs: number;
}

/** An external MQTT broker, from `mqtt://user:password@host:port` (`mqtts://` for TLS). */
export interface ExternalBroker {
  /** The URL without its credentials (safe to log). */
  url: string;
  /** The console's own account at the broker, allowed to administer its dynamic security. */
  username: string;
  password: string;
}

export const MQTT_URL_RULE = 'a URL like mqtts://console:password@broker:8883 (mqtt:// without TLS)';

/** The MQTT settings as the environment gives them (validated by the configuration's schema). */
type MqttEnvironment = Partial<
  Record<
    | 'MQTT_PORT'
    | 'MQTT_HOST'
    | 'HOST'
    | 'MQTT_TLS_CERT'
    | 'MQTT_TLS_KEY'
    | 'MQTT_OFFLINE_GRACE'
    | 'MQTT_SILENT_AFTER'
    | 'MQTT_URL',
    string
  >
>;

/** The machines' broker, from the environment: undefined when MQTT_PORT=off and no MQTT_URL. */
export function mqttConfig(e: MqttEnvironment, offlineAfterMs: number): MqttConfig | undefined {
  const port = e.MQTT_PORT?.trim();
  const external = externalBroker(e);
  if (port === 'off' && !external) return undefined;
  if (port !== undefined && Number(port) > 65535)
    throw new ConfigError(`MQTT_PORT must be a port number from 0 to 65535, or off, got "${port}"`);
  if ((e.MQTT_TLS_CERT === undefined) !== (e.MQTT_TLS_KEY === undefined)) {
    throw new ConfigError('MQTT_TLS_CERT and MQTT_TLS_KEY must be set together');
  }
  const tls =
    e.MQTT_TLS_CERT && e.MQTT_TLS_KEY
      ? { certFile: path.resolve(e.MQTT_TLS_CERT), keyFile: path.resolve(e.MQTT_TLS_KEY) }
      : undefined;
  return {
    external,
    port: port === undefined || port === 'off' ? (tls ? 8883 : 1883) : Number(port),
    host: e.MQTT_HOST ?? e.HOST ?? '127.0.0.1',
    tls,
    offlineGraceMs: durationMs(e.MQTT_OFFLINE_GRACE, 10_000),
    silentAfterMs: durationMs(e.MQTT_SILENT_AFTER, 75_000),
    reconnectWindowMs: Math.min(90_000, offlineAfterMs),
  };
}

/** MQTT_URL, which excludes the embedded broker's own settings (MQTT_PORT may only say off). */
function externalBroker(e: MqttEnvironment): ExternalBroker | undefined {
  if (e.MQTT_URL === undefined) return undefined;
  const own = (['MQTT_PORT', 'MQTT_HOST', 'MQTT_TLS_CERT', 'MQTT_TLS_KEY'] as const).filter(
    (name) => e[name] !== undefined && !(name === 'MQTT_PORT' && e.MQTT_PORT?.trim() === 'off'),
  );
  if (own.length > 0) {
    throw new ConfigError(
      `MQTT_URL names an external broker: leave ${own.join(', ')} unset (they are the embedded broker’s)`,
    );
  }
  let url: URL;
  try {
    url = new URL(e.MQTT_URL.trim());
  } catch {
    throw new ConfigError(`MQTT_URL must be ${MQTT_URL_RULE}`);
  }
  if (!url.hostname || !url.username || !url.password || (url.pathname !== '' && url.pathname !== '/')) {
    throw new ConfigError(`MQTT_URL must be ${MQTT_URL_RULE}`);
  }
  return {
    url: `${url.protocol}//${url.host}`,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}
