import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Everything the server reads from its environment, validated once. */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Unset means: generate one and keep it in DATA_DIR (or the database, for PostgreSQL). */
  jwtSecret: string | undefined;
  adminPassword: string | undefined;
  captchaTestAnswer: string | undefined;
  legacyRsaPrivateKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  defaultUserPassword: string;
  authRateLimit: number;
  seedDemo: boolean;
  logLevel: string;
  /** Trust X-Forwarded-For from a load balancer in front (TRUST_PROXY=1, or a list of addresses). */
  trustProxy: boolean | string;
  /** Largest accepted upload (UPLOAD_MAX_MB, default 100); avatars have their own 5 MB limit. */
  uploadMaxBytes: number;
  /** Where the built web app lives; absent means the API runs alone. */
  webDist: string | undefined;
}

export class ConfigError extends Error {}

const KNOWN_WEAK_SECRETS = new Set(['secret', 'changeme', 'jwt_secret', 'your-secret', 'password']);
const MIN_SECRET_LENGTH = 32;

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function checkJwtSecret(secret: string, source: string): string {
  if (secret.length < MIN_SECRET_LENGTH || KNOWN_WEAK_SECRETS.has(secret.toLowerCase())) {
    throw new ConfigError(`${source} must be a random string of at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = optional(env, 'NODE_ENV') ?? 'production';
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const jwtSecret = optional(env, 'JWT_SECRET');
  if (jwtSecret !== undefined) checkJwtSecret(jwtSecret, 'JWT_SECRET');
  const captchaTestAnswer = optional(env, 'CAPTCHA_TEST_ANSWER');
  if (captchaTestAnswer !== undefined && nodeEnv === 'production') {
    throw new ConfigError('CAPTCHA_TEST_ANSWER is for tests only and is refused when NODE_ENV=production');
  }
  const adminPassword = optional(env, 'ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must have at least 8 characters');
  }
  const defaultUserPassword = optional(env, 'DEFAULT_USER_PASSWORD') ?? '123456';
  if (defaultUserPassword.length < 6) {
    throw new ConfigError('DEFAULT_USER_PASSWORD must have at least 6 characters');
  }
  const legacyRsaPrivateKey = optional(env, 'LEGACY_RSA_PRIVATE_KEY');
  const smtpUrl = optional(env, 'SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  const host = optional(env, 'HOST') ?? '127.0.0.1';
  const webDist = optional(env, 'WEB_DIST');
  return {
    nodeEnv,
    port: integer(env, 'PORT', 8000, 0, 65535),
    host,
    dataDir: path.resolve(optional(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    jwtSecret,
    adminPassword,
    captchaTestAnswer,
    legacyRsaPrivateKey,
    smtpUrl,
    mailFrom: optional(env, 'MAIL_FROM'),
    defaultUserPassword,
    authRateLimit: integer(env, 'AUTH_RATE_LIMIT', 60, 1, 100000),
    seedDemo: optional(env, 'SEED_DEMO') === '1',
    logLevel: optional(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    trustProxy: trustProxy(optional(env, 'TRUST_PROXY')),
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_MB', 100, 1, 10_240) * 1024 * 1024,
    webDist: webDist === undefined ? undefined : path.resolve(webDist),
  };
}

function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  return raw;
}

/** The JWT secret of an embedded install: generated once, kept in DATA_DIR readable by the owner only. */
export function jwtSecretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return checkJwtSecret(readFileSync(file, 'utf8').trim(), file);
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
