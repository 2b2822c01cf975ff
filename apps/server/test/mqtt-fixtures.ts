import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { alarms } from '../src/modules/alarms/alarms.schema.ts';
import { mqttFixedPassword, signingKeyOf } from '../src/modules/gateway/gateway-signing.ts';
import { machines } from '../src/modules/machines/machines.read-model.ts';
import { activeAgent, machineModel, operatingMachine, siteOf, unique } from './business-fixtures.ts';
import type { Caller } from './test-app.ts';

export type MachineIdentity = { id: number; serialNo: string; secret: string };

/** Waits until `check` holds, trying every 20 ms for up to `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A bare connection of a machine with its fixed password (made from `secret`), as an external broker takes it; or its refusal. */
export function connectWithFixedPassword(
  url: string,
  identity: Pick<MachineIdentity, 'serialNo' | 'secret'>,
  secret = identity.secret,
): Promise<mqtt.MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: identity.serialNo,
    username: identity.serialNo,
    password: mqttFixedPassword(signingKeyOf(secret), identity.serialNo),
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
}

/**
 * What the MQTT tests need: an agent's site with a price policy for everyone, and a way to
 * install operating machines there.
 */
export async function machineMaker(admin: Caller): Promise<() => Promise<MachineIdentity>> {
  const modelId = (await machineModel(admin)).id;
  const agent = await activeAgent(admin, unique('MQTT agent '), { quota: 5000 });
  const site = await siteOf(admin, agent.id);
  const policy = await admin('POST', '/api/price-policies', {
    name: unique('Policy '),
    scope: 'ALL',
    priceWechat: 50,
    priceAlipay: 50,
    priceCard: 40,
    priceCoin: 50,
    discountPct: '0',
    effectiveFrom: '2020-01-01 00:00:00',
  });
  expect(policy.statusCode, policy.body).toBe(201);
  return () => operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
}

export async function machineRow(db: Database, id: number) {
  return (await db.select().from(machines).where(eq(machines.id, id)))[0] as typeof machines.$inferSelect;
}

/** A machine's OFFLINE alarms, open or not. */
export async function offlineAlarms(db: Database, machineId: number) {
  return (await db.select().from(alarms).where(eq(alarms.machineId, machineId))).filter(
    (alarm) => alarm.type === 'OFFLINE',
  );
}
