import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { sync as writeFileAtomicSync } from 'write-file-atomic';
import { AMAP_ENVIRONMENT, AMAP_KEYS, type AmapConfig, amapConfig } from './config-amap.ts';
import { MQTT_URL_RULE, type MqttConfig, mqttConfig } from './config-mqtt.ts';
import { ConfigError, DURATION, DURATION_RULE, durationMs } from './config-rules.ts';
import type { DemoLanguage } from './simulator/demo-names.ts';

export type { ExternalBroker, MqttConfig } from './config-mqtt.ts';
export { ConfigError } from './config-rules.ts';

/** Everything the server reads from its environment, validated once. */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL for lists, exports, reports and dashboards (DATABASE_READ_URL). */
  databaseReadUrl: string | undefined;
  /** Unset means: generate one and keep it in DATA_DIR (or the database, for PostgreSQL). */
  jwtSecret: string | undefined;
  adminPassword: string | undefined;
  captchaTestAnswer: string | undefined;
  /** Existing clients (not this console) are not held back by a password that must be changed. */
  legacyClientsSkipPasswordChange: boolean;
  legacyRsaPrivateKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  defaultUserPassword: string;
  authRateLimit: number;
  seedDemo: boolean;
  /** The language the demo business is named in at its first start (DEMO_LANGUAGE, else the machine's locale). */
  demoLanguage: DemoLanguage;
  logLevel: string;
  /** One log line per answered request (ACCESS_LOG, on unless `0`). */
  accessLog: boolean;
  /**
   * Which X-Forwarded-For entries to believe: those appended by the number of proxies in front
   * (TRUST_PROXY=1 behind one nginx), or by the proxies at these addresses. Never all of them:
   * the leftmost entries are the client's to forge.
   */
  trustProxy: false | number | string;
  /** Largest accepted upload (UPLOAD_MAX_MB, default 100); avatars have their own 5 MB limit. */
  uploadMaxBytes: number;
  /** Origins (`https://host:port`) besides the console's own that may open the websocket. */
  allowedOrigins: string[];
  /** Where the built web app lives; absent means the API runs alone. */
  webDist: string | undefined;
  /** S3-compatible object storage for uploads and avatars (STORAGE_URL); absent means local disk under DATA_DIR. */
  objectStorage: ObjectStorage | undefined;
  /** A machine with no heartbeat for this long is offline (OFFLINE_AFTER, default 5 minutes). */
  offlineAfterMs: number;
  /** An operating machine with no sale for this long raises NO_SALES (NO_SALES_AFTER, default 24 hours). */
  noSalesAfterMs: number;
  /** An unpaid order closes this long after it arrived (ORDER_PAY_TIMEOUT, default 5 minutes). */
  orderPayTimeoutMs: number;
  /** The key payment channels sign their notifications with; unset, notifications are refused. */
  paymentNotifyKey: string | undefined;
  /** Days every heartbeat's sample is kept (TELEMETRY_RAW_DAYS; 7 embedded, 30 on PostgreSQL). */
  telemetryRawDays: number;
  /** Months the 5-minute and hourly telemetry summaries are kept (TELEMETRY_SUMMARY_MONTHS, default 24). */
  telemetrySummaryMonths: number;
  /** Months an order's month is kept after it ends (ORDER_RETENTION_MONTHS); unset, orders are kept for ever. */
  orderRetentionMonths: number | undefined;
  /** Months the ledger entries' month is kept after it ends (LEDGER_RETENTION_MONTHS); unset, for ever. */
  ledgerRetentionMonths: number | undefined;
  /** The machines' MQTT channel: the broker inside the server, or MQTT_URL's; undefined when MQTT_PORT=off. */
  mqtt: MqttConfig | undefined;
  /** A firmware update not finished this long after it was sent times out; its download link lasts as long (FIRMWARE_UPDATE_TIMEOUT, default 1 hour). */
  firmwareUpdateTimeoutMs: number;
  /** The AMap web service calls the server forwards, with its security code (docs/map.md). */
  amap: AmapConfig;
  /**
   * GATEWAY_URL: the address machines reach the HTTP gateway at (`https://console.example.com`);
   * set, the links a machine is sent (firmware downloads) are absolute, else paths on that address.
   */
  gatewayUrl: string | undefined;
  /** Requests a minute to each public-page route, per address and per machine (PUBLIC_RATE_LIMIT, default 60). */
  publicRateLimit: number;
  /**
   * How the public page's sign-in codes are sent: the sandbox (SMS_SANDBOX=1, or SEED_DEMO) keeps
   * them in an inbox the sandbox shows; SMS_WEBHOOK_URL posts each, signed with SMS_WEBHOOK_SECRET.
   */
  sms: { sandbox: boolean; webhook: { url: string; secret: string } | undefined };
}

/** An S3-compatible bucket, from `s3://key:secret@host:port/bucket` (`s3+http://` for plain HTTP). */
export interface ObjectStorage {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const STORAGE_URL_RULE = 'a URL like s3://key:secret@host:port/bucket (s3+http:// for plain HTTP)';

const KNOWN_WEAK_SECRETS = ['secret', 'changeme', 'jwt_secret', 'your-secret', 'password'];
const MIN_SECRET_LENGTH = 32;
const SECRET_RULE = `a random string of at least ${MIN_SECRET_LENGTH} characters`;

/** `http(s)://host[:port]`, nothing after it: what a browser sends as `Origin`. */
const ORIGIN = '(?:https?://(?:[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?)';

const ORIGINS_RULE = 'origins like https://console.example.com:8443, separated by commas';

/** What a setting must be, said the way the one-line refusal says it. */
const rule = (description: string) => ({ description });
const whole = (minimum: number, maximum: number) =>
  Type.Optional(Type.Integer({ minimum, maximum, ...rule(`a whole number from ${minimum} to ${maximum}`) }));
const text = (options: { pattern?: string; minLength?: number; description: string }) =>
  Type.Optional(Type.String(options));
/** Every variable the server reads, in one schema: the README's configuration table. */
export const Environment = Type.Object({
  NODE_ENV: text({ description: 'production, development or test' }),
  PORT: whole(0, 65535),
  HOST: text({ minLength: 1, description: 'an address to listen on' }),
  DATA_DIR: text({ minLength: 1, description: 'a directory' }),
  DATABASE_URL: text({ pattern: '^postgres(ql)?://', description: 'a URL starting with postgres:// or postgresql://' }),
  DATABASE_READ_URL: text({
    pattern: '^postgres(ql)?://',
    description: 'a URL starting with postgres:// or postgresql://',
  }),
  JWT_SECRET: Type.Optional(
    Type.String({ minLength: MIN_SECRET_LENGTH, not: { enum: KNOWN_WEAK_SECRETS }, ...rule(SECRET_RULE) }),
  ),
  ADMIN_PASSWORD: text({ minLength: 8, description: 'at least 8 characters long' }),
  CAPTCHA_TEST_ANSWER: text({ minLength: 1, description: 'the answer every captcha takes, for tests' }),
  LEGACY_RSA_PRIVATE_KEY: text({ pattern: '^[A-Za-z0-9+/=\\s]+$', description: 'a PKCS#8 DER key in base64' }),
  SMTP_URL: text({ pattern: '^smtps?://', description: 'a URL starting with smtp:// or smtps://' }),
  MAIL_FROM: text({ minLength: 3, description: 'a sender address' }),
  DEFAULT_USER_PASSWORD: text({ minLength: 6, description: 'at least 6 characters long' }),
  AUTH_RATE_LIMIT: whole(1, 100_000),
  SEED_DEMO: text({ pattern: '^[01]$', description: '1 or 0' }),
  DEMO_LANGUAGE: Type.Optional(Type.Union([Type.Literal('zh-CN'), Type.Literal('en')], rule('zh-CN or en'))),
  LEGACY_SKIP_PASSWORD_CHANGE: text({ pattern: '^[01]$', description: '1 or 0' }),
  ACCESS_LOG: text({ pattern: '^[01]$', description: '1 or 0' }),
  LOG_LEVEL: Type.Optional(
    Type.Union(
      ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].map((level) => Type.Literal(level)),
      rule('one of trace, debug, info, warn, error, fatal, silent'),
    ),
  ),
  TRUST_PROXY: text({
    pattern: '^\\s*[\\w.:/]+(\\s*,\\s*[\\w.:/]+)*\\s*$',
    description: 'the number of proxies in front (1 for one), or their addresses separated by commas',
  }),
  UPLOAD_MAX_MB: whole(1, 10_240),
  ALLOWED_ORIGINS: text({
    pattern: `^\\s*${ORIGIN}(\\s*,\\s*${ORIGIN})*\\s*$`,
    description: ORIGINS_RULE,
  }),
  WEB_DIST: text({ minLength: 1, description: 'the directory of the built console' }),
  STORAGE_URL: text({ pattern: '^s3(\\+http)?://', description: STORAGE_URL_RULE }),
  OFFLINE_AFTER: text({ pattern: DURATION, description: DURATION_RULE }),
  ORDER_PAY_TIMEOUT: text({ pattern: DURATION, description: DURATION_RULE }),
  NO_SALES_AFTER: text({ pattern: DURATION, description: DURATION_RULE }),
  PAYMENT_NOTIFY_KEY: Type.Optional(
    Type.String({ minLength: MIN_SECRET_LENGTH, not: { enum: KNOWN_WEAK_SECRETS }, ...rule(SECRET_RULE) }),
  ),
  MQTT_URL: text({ pattern: '^mqtts?://', description: MQTT_URL_RULE }),
  MQTT_PORT: text({ pattern: '^\\s*(off|\\d{1,5})\\s*$', description: 'a port number from 0 to 65535, or off' }),
  MQTT_HOST: text({ minLength: 1, description: 'an address to listen on' }),
  MQTT_TLS_CERT: text({ minLength: 1, description: 'a PEM certificate file' }),
  MQTT_TLS_KEY: text({ minLength: 1, description: 'a PEM private key file' }),
  MQTT_OFFLINE_GRACE: text({ pattern: DURATION, description: DURATION_RULE }),
  MQTT_SILENT_AFTER: text({ pattern: DURATION, description: DURATION_RULE }),
  FIRMWARE_UPDATE_TIMEOUT: text({ pattern: DURATION, description: DURATION_RULE }),
  GATEWAY_URL: text({
    pattern: '^https?://[^/?#\\s]+/?$',
    description: 'an address like https://console.example.com (a scheme and a host, no path)',
  }),
  PUBLIC_RATE_LIMIT: whole(1, 1_000_000),
  SMS_SANDBOX: text({ pattern: '^[01]$', description: '1 or 0' }),
  SMS_WEBHOOK_URL: text({ pattern: '^https?://\\S+$', description: 'an http:// or https:// address' }),
  SMS_WEBHOOK_SECRET: Type.Optional(
    Type.String({ minLength: MIN_SECRET_LENGTH, not: { enum: KNOWN_WEAK_SECRETS }, ...rule(SECRET_RULE) }),
  ),
  TELEMETRY_RAW_DAYS: whole(1, 366),
  TELEMETRY_SUMMARY_MONTHS: whole(1, 120),
  ORDER_RETENTION_MONTHS: whole(3, 1200),
  LEDGER_RETENTION_MONTHS: whole(24, 1200),
  ...AMAP_ENVIRONMENT,
});

/** Settings whose value is a secret or holds one: a refusal never repeats them. */
const SECRET_SETTINGS = [
  'JWT_SECRET',
  'DATABASE_READ_URL',
  'ADMIN_PASSWORD',
  'STORAGE_URL',
  'PAYMENT_NOTIFY_KEY',
  'MQTT_URL',
  'SMS_WEBHOOK_SECRET',
  ...AMAP_KEYS,
];
/** The variables that are set (blank counts as unset), converted to the schema's types. */
function readEnvironment(env: NodeJS.ProcessEnv): Static<typeof Environment> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(Environment.properties)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') raw[name] = value;
  }
  const refuse = (name: string) => {
    const schema = Environment.properties[name as keyof typeof Environment.properties] as { description?: string };
    const shown = SECRET_SETTINGS.includes(name) ? '' : `, got "${raw[name]}"`;
    return new ConfigError(`${name} must be ${schema.description ?? 'valid'}${shown}`);
  };
  // The conversion would read "1.5" as 1: whole numbers are checked as written.
  for (const [name, value] of Object.entries(raw)) {
    const schema = Environment.properties[name as keyof typeof Environment.properties] as { type?: string };
    if (schema.type === 'integer' && !/^\d+$/.test(value.trim())) throw refuse(name);
  }
  const converted = Value.Convert(Environment, { ...raw });
  const [error] = Value.Errors(Environment, converted);
  if (error) throw refuse(error.instancePath.split('/')[1] ?? '');
  return converted as Static<typeof Environment>;
}

export function checkJwtSecret(secret: string, source: string): string {
  if (secret.length < MIN_SECRET_LENGTH || KNOWN_WEAK_SECRETS.includes(secret.toLowerCase())) {
    throw new ConfigError(`${source} must be ${SECRET_RULE}`);
  }
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = readEnvironment(env);
  const nodeEnv = e.NODE_ENV ?? 'production';
  if (e.JWT_SECRET !== undefined) checkJwtSecret(e.JWT_SECRET, 'JWT_SECRET');
  if (e.DATABASE_READ_URL !== undefined && e.DATABASE_URL === undefined) {
    throw new ConfigError('DATABASE_READ_URL is a replica of DATABASE_URL and is refused without it');
  }
  if (e.CAPTCHA_TEST_ANSWER !== undefined && nodeEnv === 'production') {
    throw new ConfigError('CAPTCHA_TEST_ANSWER is for tests only and is refused when NODE_ENV=production');
  }
  return {
    nodeEnv,
    port: e.PORT ?? 8000,
    host: e.HOST ?? '127.0.0.1',
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    jwtSecret: e.JWT_SECRET,
    adminPassword: e.ADMIN_PASSWORD,
    captchaTestAnswer: e.CAPTCHA_TEST_ANSWER,
    legacyRsaPrivateKey: e.LEGACY_RSA_PRIVATE_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    defaultUserPassword: e.DEFAULT_USER_PASSWORD ?? '123456',
    authRateLimit: e.AUTH_RATE_LIMIT ?? 60,
    seedDemo: e.SEED_DEMO === '1',
    demoLanguage: demoLanguageOf(e.DEMO_LANGUAGE, env),
    legacyClientsSkipPasswordChange: e.LEGACY_SKIP_PASSWORD_CHANGE === '1',
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    accessLog: e.ACCESS_LOG !== '0',
    trustProxy: trustProxy(e.TRUST_PROXY),
    uploadMaxBytes: (e.UPLOAD_MAX_MB ?? 100) * 1024 * 1024,
    allowedOrigins: allowedOrigins(e.ALLOWED_ORIGINS),
    webDist: e.WEB_DIST === undefined ? undefined : path.resolve(e.WEB_DIST),
    objectStorage: objectStorage(e.STORAGE_URL),
    offlineAfterMs: durationMs(e.OFFLINE_AFTER, 5 * 60_000),
    orderPayTimeoutMs: durationMs(e.ORDER_PAY_TIMEOUT, 5 * 60_000),
    noSalesAfterMs: durationMs(e.NO_SALES_AFTER, 24 * 3_600_000),
    paymentNotifyKey: e.PAYMENT_NOTIFY_KEY,
    telemetryRawDays: e.TELEMETRY_RAW_DAYS ?? (e.DATABASE_URL ? 30 : 7),
    telemetrySummaryMonths: e.TELEMETRY_SUMMARY_MONTHS ?? 24,
    orderRetentionMonths: e.ORDER_RETENTION_MONTHS,
    ledgerRetentionMonths: e.LEDGER_RETENTION_MONTHS,
    mqtt: mqttConfig(e, durationMs(e.OFFLINE_AFTER, 5 * 60_000)),
    firmwareUpdateTimeoutMs: durationMs(e.FIRMWARE_UPDATE_TIMEOUT, 3_600_000),
    gatewayUrl: e.GATEWAY_URL?.trim().replace(/\/$/, ''),
    amap: amapConfig(e),
    publicRateLimit: e.PUBLIC_RATE_LIMIT ?? 60,
    sms: smsConfig(e),
  };
}

function smsConfig(e: Static<typeof Environment>): Config['sms'] {
  if ((e.SMS_WEBHOOK_URL === undefined) !== (e.SMS_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError('SMS_WEBHOOK_URL and SMS_WEBHOOK_SECRET are set together');
  }
  return {
    sandbox: e.SMS_SANDBOX === '1' || (e.SMS_SANDBOX === undefined && e.SEED_DEMO === '1'),
    webhook:
      e.SMS_WEBHOOK_URL && e.SMS_WEBHOOK_SECRET ? { url: e.SMS_WEBHOOK_URL, secret: e.SMS_WEBHOOK_SECRET } : undefined,
  };
}

/**
 * The demo business's language: DEMO_LANGUAGE when set, else Chinese on a machine whose locale is
 * Chinese (LC_ALL, or else LANG, as the C library reads them), else English.
 */
function demoLanguageOf(setting: 'zh-CN' | 'en' | undefined, env: NodeJS.ProcessEnv): DemoLanguage {
  if (setting) return setting === 'zh-CN' ? 'zh' : 'en';
  const locale = env.LC_ALL?.trim() || env.LANG?.trim() || '';
  return /^zh([_-]|$)/i.test(locale) ? 'zh' : 'en';
}

function objectStorage(raw: string | undefined): ObjectStorage | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`STORAGE_URL must be ${STORAGE_URL_RULE}`);
  }
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!url.host || !url.username || !url.password || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`STORAGE_URL must be ${STORAGE_URL_RULE}`);
  }
  return {
    endpoint: `${url.protocol === 's3+http:' ? 'http' : 'https'}://${url.host}`,
    bucket,
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    region: url.searchParams.get('region') ?? 'us-east-1',
  };
}

/** The origins as a browser writes them (lower case, no default port). */
function allowedOrigins(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  return raw.split(',').map((origin) => {
    try {
      return new URL(origin.trim()).origin;
    } catch {
      throw new ConfigError(`ALLOWED_ORIGINS must be ${ORIGINS_RULE}, got "${raw}"`);
    }
  });
}

/**
 * `true` would believe every X-Forwarded-For entry, the leftmost being whatever the client sent:
 * one forged header per attempt would then escape the sign-in rate limit. A count believes only
 * the entries the proxies in front appended; `true` is read as one proxy.
 */
function trustProxy(raw: string | undefined): false | number | string {
  const value = raw?.trim();
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * The JWT secret of an embedded install: generated once, kept in DATA_DIR readable by the owner
 * only. Written whole or not at all (a temporary file renamed), so that a crash of the first start
 * cannot leave a secret the next start refuses; an empty file, which older versions could leave
 * that way, counts as none.
 */
export function jwtSecretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  const existing = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (existing) return checkJwtSecret(existing, file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileAtomicSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Why an existing data directory is open to other local users (group or others may read, write
 * or enter it), or undefined when only its owner may: it holds the database, uploads and secrets.
 */
export function dataDirExposure(dataDir: string): string | undefined {
  const mode = statSync(dataDir, { throwIfNoEntry: false })?.mode;
  if (mode === undefined || (mode & 0o077) === 0) return undefined;
  const shown = (mode & 0o777).toString(8).padStart(4, '0');
  return `DATA_DIR ${dataDir} has mode ${shown}: other local users can reach the database, uploads and secrets in it; restrict it with "chmod -R go-rwx ${dataDir}"`;
}
