import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, jwtSecretFromDataDir, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      defaultUserPassword: '123456',
      authRateLimit: 60,
      seedDemo: false,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535, got "70000"'],
    [{ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT must be a whole number from 1 to 100000, got "0"'],
    [{ UPLOAD_MAX_MB: '1.5' }, 'UPLOAD_MAX_MB must be a whole number from 1 to 10240, got "1.5"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "loud"'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://, got "mysql://x"',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be a random string of at least 32 characters'],
    [{ JWT_SECRET: 'secret' }, 'JWT_SECRET must be a random string of at least 32 characters'],
    [{ ADMIN_PASSWORD: 'abc' }, 'ADMIN_PASSWORD must be at least 8 characters long'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://, got "http://mail"'],
    [
      { ALLOWED_ORIGINS: 'https://partner.example/app' },
      'ALLOWED_ORIGINS must be origins like https://console.example.com:8443, separated by commas, got "https://partner.example/app"',
    ],
    [
      { ALLOWED_ORIGINS: 'https://partner.example:99999' },
      'ALLOWED_ORIGINS must be origins like https://console.example.com:8443, separated by commas, got "https://partner.example:99999"',
    ],
    [{ CAPTCHA_TEST_ANSWER: '1' }, 'CAPTCHA_TEST_ANSWER is for tests only and is refused when NODE_ENV=production'],
    [
      { DATABASE_READ_URL: 'postgres://reader:pw@replica/db' },
      'DATABASE_READ_URL is a replica of DATABASE_URL and is refused without it',
    ],
    [
      { DATABASE_URL: 'postgres://db/x', DATABASE_READ_URL: 'mysql://reader:pw@replica/db' },
      'DATABASE_READ_URL must be a URL starting with postgres:// or postgresql://',
    ],
    [{ ORDER_RETENTION_MONTHS: '1' }, 'ORDER_RETENTION_MONTHS must be a whole number from 3 to 1200, got "1"'],
    [{ LEDGER_RETENTION_MONTHS: '12' }, 'LEDGER_RETENTION_MONTHS must be a whole number from 24 to 1200, got "12"'],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('names the demo business in DEMO_LANGUAGE, else in Chinese on a machine whose locale is Chinese', () => {
    expect(loadConfig({}).demoLanguage).toBe('en');
    expect(loadConfig({ LANG: 'zh_CN.UTF-8' }).demoLanguage).toBe('zh');
    expect(loadConfig({ LANG: 'zh_TW.UTF-8' }).demoLanguage).toBe('zh');
    expect(loadConfig({ LANG: 'en_US.UTF-8' }).demoLanguage).toBe('en');
    expect(loadConfig({ LANG: 'zh_CN.UTF-8', LC_ALL: 'C.UTF-8' }).demoLanguage).toBe('en');
    expect(loadConfig({ LANG: 'en_GB.UTF-8', LC_ALL: 'zh_CN.UTF-8' }).demoLanguage).toBe('zh');
    expect(loadConfig({ LANG: 'zh_CN.UTF-8', DEMO_LANGUAGE: 'en' }).demoLanguage).toBe('en');
    expect(loadConfig({ DEMO_LANGUAGE: 'zh-CN' }).demoLanguage).toBe('zh');
    expect(() => loadConfig({ DEMO_LANGUAGE: 'fr' })).toThrow(
      new ConfigError('DEMO_LANGUAGE must be zh-CN or en, got "fr"'),
    );
  });

  it('believes only the X-Forwarded-For entries of the proxies it is told about', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/24' }).trustProxy).toBe('10.0.0.1, 10.0.0.0/24');
    expect(() => loadConfig({ TRUST_PROXY: 'the nginx box' })).toThrow(
      new ConfigError(
        'TRUST_PROXY must be the number of proxies in front (1 for one), or their addresses separated by commas, got "the nginx box"',
      ),
    );
  });

  it('reads the business timings as lengths of time, and refuses a zero or a bare number', () => {
    const defaults = loadConfig({});
    expect([defaults.offlineAfterMs, defaults.orderPayTimeoutMs, defaults.noSalesAfterMs]).toEqual([
      300_000, 300_000, 86_400_000,
    ]);
    const set = loadConfig({ OFFLINE_AFTER: '90s', ORDER_PAY_TIMEOUT: ' 2m ', NO_SALES_AFTER: '6h' });
    expect([set.offlineAfterMs, set.orderPayTimeoutMs, set.noSalesAfterMs]).toEqual([90_000, 120_000, 21_600_000]);
    for (const bad of ['0m', '300', '5 minutes', '-1m']) {
      expect(() => loadConfig({ OFFLINE_AFTER: bad }), bad).toThrow(
        /OFFLINE_AFTER must be a length of time like 90s, 5m or 1h/,
      );
    }
    expect(loadConfig({}).gatewayUrl).toBeUndefined();
    expect(loadConfig({ GATEWAY_URL: 'https://water.example.com/' }).gatewayUrl).toBe('https://water.example.com');
    for (const bad of ['water.example.com', 'https://water.example.com/console', 'ftp://water.example.com']) {
      expect(() => loadConfig({ GATEWAY_URL: bad }), bad).toThrow(
        /^GATEWAY_URL must be an address like https:\/\/console\.example\.com \(a scheme and a host, no path\)/,
      );
    }
    expect(() => loadConfig({ PAYMENT_NOTIFY_KEY: 'short' })).toThrow(
      /^PAYMENT_NOTIFY_KEY must be a random string of at least 32 characters$/,
    );
  });

  it('starts the MQTT broker on 1883 (8883 with TLS), on HOST unless MQTT_HOST says otherwise, or not at all with off', () => {
    expect(loadConfig({}).mqtt).toEqual({
      external: undefined,
      port: 1883,
      host: '127.0.0.1',
      tls: undefined,
      offlineGraceMs: 10_000,
      silentAfterMs: 75_000,
      reconnectWindowMs: 90_000,
    });
    expect(loadConfig({ OFFLINE_AFTER: '15s' }).mqtt?.reconnectWindowMs).toBe(15_000);
    expect(loadConfig({ HOST: '0.0.0.0', MQTT_OFFLINE_GRACE: '30s', MQTT_SILENT_AFTER: '50s' }).mqtt).toMatchObject({
      host: '0.0.0.0',
      offlineGraceMs: 30_000,
      silentAfterMs: 50_000,
    });
    expect(loadConfig({ MQTT_PORT: '0', MQTT_HOST: '10.0.0.5' }).mqtt).toMatchObject({ port: 0, host: '10.0.0.5' });
    expect(loadConfig({ MQTT_TLS_CERT: 'c.pem', MQTT_TLS_KEY: 'k.pem' }).mqtt).toMatchObject({
      port: 8883,
      tls: { certFile: path.resolve('c.pem'), keyFile: path.resolve('k.pem') },
    });
    expect(loadConfig({ MQTT_PORT: 'off' }).mqtt).toBeUndefined();
    expect(() => loadConfig({ MQTT_PORT: '99999' })).toThrow(
      new ConfigError('MQTT_PORT must be a port number from 0 to 65535, or off, got "99999"'),
    );
    expect(() => loadConfig({ MQTT_PORT: 'on' })).toThrow(
      new ConfigError('MQTT_PORT must be a port number from 0 to 65535, or off, got "on"'),
    );
    expect(() => loadConfig({ MQTT_TLS_CERT: 'c.pem' })).toThrow(
      new ConfigError('MQTT_TLS_CERT and MQTT_TLS_KEY must be set together'),
    );
  });

  it('connects to an external broker named by MQTT_URL, with the console’s account in it, instead of starting one', () => {
    const { mqtt } = loadConfig({ MQTT_URL: 'mqtts://console:p%40ss@broker.internal:8883' });
    expect(mqtt?.external).toEqual({ url: 'mqtts://broker.internal:8883', username: 'console', password: 'p@ss' });
    expect(loadConfig({ MQTT_URL: 'mqtt://c:p@127.0.0.1:1883', MQTT_PORT: 'off' }).mqtt?.external?.url).toBe(
      'mqtt://127.0.0.1:1883',
    );
    expect(() => loadConfig({ MQTT_URL: 'mqtt://c:p@broker', MQTT_PORT: '1883', MQTT_TLS_CERT: 'c.pem' })).toThrow(
      new ConfigError(
        'MQTT_URL names an external broker: leave MQTT_PORT, MQTT_TLS_CERT unset (they are the embedded broker’s)',
      ),
    );
    for (const url of ['mqtt://broker:1883', 'mqtts://console@broker', 'mqtt://c:p@broker/x', 'http://c:p@broker']) {
      expect(() => loadConfig({ MQTT_URL: url }), url).toThrow(
        new ConfigError('MQTT_URL must be a URL like mqtts://console:password@broker:8883 (mqtt:// without TLS)'),
      );
    }
  });

  it('keeps raw telemetry 7 days embedded and 30 on PostgreSQL unless told, summaries 24 months', () => {
    expect([loadConfig({}).telemetryRawDays, loadConfig({}).telemetrySummaryMonths]).toEqual([7, 24]);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/console' }).telemetryRawDays).toBe(30);
    const set = loadConfig({ TELEMETRY_RAW_DAYS: '3', TELEMETRY_SUMMARY_MONTHS: '36' });
    expect([set.telemetryRawDays, set.telemetrySummaryMonths]).toEqual([3, 36]);
    expect(() => loadConfig({ TELEMETRY_RAW_DAYS: '0' })).toThrow(
      /TELEMETRY_RAW_DAYS must be a whole number from 1 to 366/,
    );
  });

  it('reads ALLOWED_ORIGINS as a browser writes origins', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: ' https://Partner.Example:443 , http://10.0.0.5:8080' }).allowedOrigins,
    ).toEqual(['https://partner.example', 'http://10.0.0.5:8080']);
  });

  it('reads STORAGE_URL as a bucket, and never repeats it in a refusal (it holds a secret)', () => {
    expect(loadConfig({}).objectStorage).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: 's3://AKIA1:s%2Fecret@minio.lan:9000/console-files' }).objectStorage).toEqual({
      endpoint: 'https://minio.lan:9000',
      bucket: 'console-files',
      accessKeyId: 'AKIA1',
      secretAccessKey: 's/ecret',
      region: 'us-east-1',
    });
    expect(
      loadConfig({ STORAGE_URL: 's3+http://k:s@127.0.0.1:9000/files?region=eu-west-1' }).objectStorage,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1' });
    const rule = 'STORAGE_URL must be a URL like s3://key:secret@host:port/bucket (s3+http:// for plain HTTP)';
    for (const url of [
      'https://k:hunter2@host/bucket',
      's3://host:9000/bucket',
      's3://k:hunter2@host:9000/',
      's3://k:hunter2@host/B_ad',
    ]) {
      expect(() => loadConfig({ STORAGE_URL: url })).toThrow(new ConfigError(rule));
    }
  });

  it('accepts CAPTCHA_TEST_ANSWER outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: '7' }).captchaTestAnswer).toBe('7');
  });

  it('generates a JWT secret once, readable by the owner only', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'water-config-'));
    try {
      const first = jwtSecretFromDataDir(dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(jwtSecretFromDataDir(dir)).toBe(first);
      const file = path.join(dir, 'jwt-secret');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim()).toBe(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('replaces the empty secret file a crash of the first start left, and leaves no temporary file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'water-config-'));
    try {
      const file = path.join(dir, 'jwt-secret');
      await writeFile(file, '', { mode: 0o600 });
      const secret = jwtSecretFromDataDir(dir);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect((await readFile(file, 'utf8')).trim()).toBe(secret);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await readdir(dir)).toEqual(['jwt-secret']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
