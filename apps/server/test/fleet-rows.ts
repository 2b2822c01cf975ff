/**
 * A fleet written straight into the tables, for tests and benchmarks of many machines: one agent,
 * one site, a model, a price for everyone and `count` operating machines, each with the secret it
 * signs with (thousands in a moment, where registering them through the API takes minutes).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { signingKeyOf } from '../src/modules/gateway/gateway-signing.ts';

export async function writeFleet(db: Database, count: number, serialOf: (index: number) => string) {
  const suffix = randomBytes(3).toString('hex');
  const run = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [dept] = await run<{ id: number }>(sql`INSERT INTO sys_dept (name) VALUES (${`Bench ${suffix}`}) RETURNING id`);
  const [agent] = await run<{ id: number }>(sql`
    INSERT INTO biz_agent (dept_id, code, level, contact_name, contact_phone, commission_rate, machine_quota, quota_used, status)
    VALUES (${dept?.id}, ${`B${suffix}`}, 'PLATFORM', 'Bench', '13800000000', '20', ${count}, ${count}, 'ACTIVE') RETURNING id`);
  const [site] = await run<{ id: number }>(sql`
    INSERT INTO biz_site (agent_id, name, type, address) VALUES (${agent?.id}, 'Bench site', 'SCHOOL', '1 Bench Road') RETURNING id`);
  const [model] = await run<{ id: number }>(sql`
    INSERT INTO biz_machine_model (code, name, tank_litres, output_lph, pulses_per_litre)
    VALUES (${`BM${suffix}`}, 'Bench model', 60, 60, 450) RETURNING id`);
  await run(sql`
    INSERT INTO biz_price_policy (name, scope, price_wechat, price_alipay, price_card, price_coin, effective_from)
    VALUES ('Bench prices', 'ALL', 50, 50, 40, 50, '2020-01-01')`);
  const fleet = Array.from({ length: count }, (_, index) => ({
    serialNo: serialOf(index),
    secret: randomBytes(24).toString('base64url'),
    id: 0,
  }));
  for (let start = 0; start < fleet.length; start += 500) {
    const rows = fleet
      .slice(start, start + 500)
      .map(
        (machine) =>
          sql`(${machine.serialNo}, ${machine.serialNo}, ${model?.id}, ${agent?.id}, ${site?.id}, 'OPERATING', ${signingKeyOf(machine.secret)})`,
      );
    await run(sql`
      INSERT INTO biz_machine (serial_no, sticker_code, model_id, agent_id, site_id, lifecycle, secret_hash)
      VALUES ${sql.join(rows, sql`, `)}`);
  }
  // Matched by serial number: an INSERT's RETURNING promises no order.
  const ids = await run<{ id: number; serialNo: string }>(
    sql`SELECT id, serial_no AS "serialNo" FROM biz_machine WHERE agent_id = ${agent?.id}`,
  );
  const idOf = new Map(ids.map((row) => [row.serialNo, row.id]));
  for (const machine of fleet) machine.id = idOf.get(machine.serialNo) as number;
  return { agentId: agent?.id as number, fleet };
}
