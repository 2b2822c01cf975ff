import {
  ALIPAY_SECRETS,
  type PaymentChannel,
  type PaymentChannelSettings,
  type PaymentChannelSettingsInput,
  type PaymentDriverName,
  WECHAT_PAY_SECRETS,
} from '@water/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import { InvalidatingCache } from '../../lib/cache.ts';
import type { Deps } from '../../lib/deps.ts';
import { type FieldRefusal, fieldRefusal, invalidFields } from '../../lib/http-errors.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { alipayDriver } from './alipay.ts';
import type { PaymentDriver } from './payment-driver.ts';
import { type ChannelSettingRow, paymentsRepository as repo } from './payments.repository.ts';
import type { SandboxChannel } from './sandbox-channel.ts';
import { wechatPayV3Driver } from './wechat-pay-v3.ts';

/** A channel's driver as configured now. */
export interface ConfiguredDriver {
  name: Exclude<PaymentDriverName, 'NONE'>;
  driver: PaymentDriver;
}

const WECHAT_FIELDS = ['mchId', 'appId', 'merchantSerialNo', 'platformKeyId'] as const;
const ALIPAY_FIELDS = ['appId'] as const;

type Fields = Record<string, string | undefined>;
const given = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * The payment channels' settings: each channel's driver (none, sandbox, or the channel's own)
 * and the real drivers' fields and keys, the keys sealed with the `payment-channel` secret box
 * and never answered. The drivers are built once and rebuilt on every instance after a change.
 */
export function createChannelSettings(
  { db, clock, events }: Pick<Deps, 'db' | 'clock' | 'events'>,
  {
    serverSecret,
    sandboxByDefault,
    sandbox,
    log,
  }: { serverSecret: string; sandboxByDefault: boolean; sandbox: SandboxChannel; log: FastifyBaseLogger },
) {
  const box = secretBox(serverSecret, 'payment-channel');
  const cache = new InvalidatingCache<'drivers', Map<PaymentChannel, ConfiguredDriver>>();
  cache.clearOn(events, 'payment-channels');
  const now = () => clock.now();

  const driverNameOf = (row: ChannelSettingRow | undefined): PaymentDriverName =>
    row?.driver ?? (sandboxByDefault ? 'SANDBOX' : 'NONE');

  /** The real driver of a row's settings; throws when its keys are not what they should be. */
  function realDriver(channel: PaymentChannel, settings: Fields, secrets: Record<string, string>): PaymentDriver {
    const open = (name: string) => box.open(secrets[name] ?? '');
    if (channel === 'WECHAT') {
      return wechatPayV3Driver(
        {
          mchId: settings.mchId ?? '',
          appId: settings.appId ?? '',
          merchantSerialNo: settings.merchantSerialNo ?? '',
          platformKeyId: settings.platformKeyId ?? '',
          merchantPrivateKeyPem: open('merchantPrivateKeyPem'),
          apiV3Key: open('apiV3Key'),
          platformPublicKeyPem: open('platformPublicKeyPem'),
          ...(settings.baseUrl && { baseUrl: settings.baseUrl }),
        },
        { now },
      );
    }
    return alipayDriver(
      {
        appId: settings.appId ?? '',
        appPrivateKeyPem: open('appPrivateKeyPem'),
        alipayPublicKeyPem: open('alipayPublicKeyPem'),
        ...(settings.gatewayUrl && { gatewayUrl: settings.gatewayUrl }),
      },
      { now },
    );
  }

  async function load(): Promise<Map<PaymentChannel, ConfiguredDriver>> {
    const rows = new Map((await repo.channelSettings(db)).map((row) => [row.channel, row]));
    const drivers = new Map<PaymentChannel, ConfiguredDriver>();
    for (const channel of ['WECHAT', 'ALIPAY'] as const) {
      const row = rows.get(channel);
      const name = driverNameOf(row);
      if (name === 'NONE') continue;
      if (name === 'SANDBOX') {
        drivers.set(channel, { name, driver: sandbox.driver(channel) });
        continue;
      }
      try {
        drivers.set(channel, { name, driver: realDriver(channel, row?.settings ?? {}, row?.secrets ?? {}) });
      } catch (error) {
        // Stored keys that no longer open (the server's secret changed): the channel is unavailable.
        log.error({ channel, err: { message: (error as Error).message } }, 'a payment channel’s driver cannot start');
      }
    }
    return drivers;
  }

  /** A channel's fields and sealed secrets after a save: given values replace, empty secrets keep the stored ones. */
  function merged(
    row: ChannelSettingRow | undefined,
    input: Fields | undefined,
    fieldNames: readonly string[],
    secretNames: readonly string[],
    urlName: string,
  ) {
    const settings: Record<string, string> = {};
    for (const name of [...fieldNames, urlName]) {
      const value = input ? given(input[name]) : row?.settings[name];
      if (value) settings[name] = value;
    }
    const secrets: Record<string, string> = { ...row?.secrets };
    for (const name of secretNames) {
      const value = given(input?.[name]);
      if (value) secrets[name] = box.seal(value);
    }
    return { settings, secrets };
  }

  function refusalsOf(
    channel: PaymentChannel,
    prefix: string,
    settings: Fields,
    secrets: Record<string, string>,
    fieldNames: readonly string[],
    secretNames: readonly string[],
    urlName: string,
  ): FieldRefusal[] {
    const refusals: FieldRefusal[] = [];
    for (const name of fieldNames) {
      if (!settings[name]) refusals.push(fieldRefusal(`${prefix}.${name}`, { key: 'errors.empty' }, 'required'));
    }
    for (const name of secretNames) {
      if (!secrets[name]) {
        refusals.push(fieldRefusal(`${prefix}.${name}`, { key: 'errors.payments.missingSecret' }, 'required'));
      }
    }
    const url = settings[urlName];
    if (url && !/^https?:\/\/[^\s]+$/.test(url)) {
      refusals.push(fieldRefusal(`${prefix}.${urlName}`, { key: 'errors.payments.httpsOnly' }, 'format'));
    }
    if (refusals.length > 0) return refusals;
    if (channel === 'WECHAT' && box.open(secrets.apiV3Key ?? '').length !== 32) {
      return [fieldRefusal(`${prefix}.apiV3Key`, { key: 'errors.payments.apiV3KeyLength' }, 'format')];
    }
    try {
      realDriver(channel, settings, secrets);
    } catch {
      const keyField = channel === 'WECHAT' ? 'merchantPrivateKeyPem' : 'appPrivateKeyPem';
      return [fieldRefusal(`${prefix}.${keyField}`, { key: 'errors.payments.badKey' }, 'format')];
    }
    return [];
  }

  return {
    /** The drivers configured now, by channel (a channel without one is absent). */
    drivers: () => cache.get('drivers', load),

    async answer(): Promise<PaymentChannelSettings> {
      const rows = new Map((await repo.channelSettings(db)).map((row) => [row.channel, row]));
      const wechat = rows.get('WECHAT');
      const alipay = rows.get('ALIPAY');
      const field = (row: ChannelSettingRow | undefined, name: string) => row?.settings[name] ?? null;
      const setOf = <K extends string>(row: ChannelSettingRow | undefined, names: readonly K[]) =>
        Object.fromEntries(names.map((name) => [name, Boolean(row?.secrets[name])])) as Record<K, boolean>;
      return {
        WECHAT: {
          driver: driverNameOf(wechat) as PaymentChannelSettings['WECHAT']['driver'],
          wechatPay: {
            mchId: field(wechat, 'mchId'),
            appId: field(wechat, 'appId'),
            merchantSerialNo: field(wechat, 'merchantSerialNo'),
            platformKeyId: field(wechat, 'platformKeyId'),
            baseUrl: field(wechat, 'baseUrl'),
            secretsSet: setOf(wechat, WECHAT_PAY_SECRETS),
          },
        },
        ALIPAY: {
          driver: driverNameOf(alipay) as PaymentChannelSettings['ALIPAY']['driver'],
          alipay: {
            appId: field(alipay, 'appId'),
            gatewayUrl: field(alipay, 'gatewayUrl'),
            secretsSet: setOf(alipay, ALIPAY_SECRETS),
          },
        },
        sandboxByDemo: sandboxByDefault,
      };
    },

    /** Stores both channels' settings; a real driver must start with them, or nothing is stored. */
    async save(principal: Principal, input: PaymentChannelSettingsInput): Promise<void> {
      const rows = new Map((await repo.channelSettings(db)).map((row) => [row.channel, row]));
      const wechat = merged(rows.get('WECHAT'), input.WECHAT.wechatPay, WECHAT_FIELDS, WECHAT_PAY_SECRETS, 'baseUrl');
      const alipay = merged(rows.get('ALIPAY'), input.ALIPAY.alipay, ALIPAY_FIELDS, ALIPAY_SECRETS, 'gatewayUrl');
      const refusals = [
        ...(input.WECHAT.driver === 'WECHAT_PAY_V3'
          ? refusalsOf(
              'WECHAT',
              'WECHAT.wechatPay',
              wechat.settings,
              wechat.secrets,
              WECHAT_FIELDS,
              WECHAT_PAY_SECRETS,
              'baseUrl',
            )
          : []),
        ...(input.ALIPAY.driver === 'ALIPAY'
          ? refusalsOf(
              'ALIPAY',
              'ALIPAY.alipay',
              alipay.settings,
              alipay.secrets,
              ALIPAY_FIELDS,
              ALIPAY_SECRETS,
              'gatewayUrl',
            )
          : []),
      ];
      const [first, ...rest] = refusals;
      if (first) throw invalidFields([first, ...rest]);
      const at = clock.now();
      await db.transaction(async (tx) => {
        await repo.saveChannelSetting(tx, {
          channel: 'WECHAT',
          driver: input.WECHAT.driver,
          ...wechat,
          updateBy: principal.username,
          updateTime: at,
        });
        await repo.saveChannelSetting(tx, {
          channel: 'ALIPAY',
          driver: input.ALIPAY.driver,
          ...alipay,
          updateBy: principal.username,
          updateTime: at,
        });
      });
      await events.publish('payment-channels', {});
    },
  };
}

export type ChannelSettings = ReturnType<typeof createChannelSettings>;
