/**
 * A busy day's WeChat Pay statement, 300,000 rows, imported through the API and classified
 * against 300,000 orders of that day on the embedded database, with a known number of each of
 * the five classes that must come out exactly. Baseline, same run: the same file read alone
 * (decoded and parsed, no database). Target: ≤ 60 s for the import.
 *
 *   npx tsx bench/reconciliation.ts
 */
import { sql } from 'drizzle-orm';
import { wechatBill } from '../apps/server/src/modules/reconciliation/bill-test-fixtures.ts';
import { decodeStatement } from '../apps/server/src/modules/reconciliation/statement-file.ts';
import { readStatement } from '../apps/server/src/modules/reconciliation/statement-readers.ts';
import { plannedDay } from '../apps/server/src/modules/reconciliation/test-fixtures.ts';
import { backfill } from '../apps/server/src/simulator/backfill.ts';
import { multipart } from '../apps/server/test/file-fixtures.ts';
import { seededDatabase, signedInApp } from './in-process.ts';
import { record } from './results.ts';

const TARGET_S = 60;
const DAY = '2026-06-15';
/** 297,000 payment rows of ours, 2,500 refunds and 500 rows the channel alone has: 300,000 rows. */
const PLAN = {
  orders: 297_500,
  amountDiffers: 500,
  stateDiffers: 500,
  oursOnly: 500,
  channelOnly: 500,
  refunds: 2_500,
  refundsPending: 100,
};

const database = await seededDatabase();
// One machine of a back-filled distributor sells the day.
const business = await backfill(database.db, {
  machines: 1,
  days: 1,
  perDay: 1,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});
const machineId = business.machineIds[0] as number;
const [placed] = (
  (await database.db.execute(
    sql`SELECT agent_id AS "agentId", site_id AS "siteId" FROM biz_machine WHERE id = ${machineId}`,
  )) as unknown as {
    rows: { agentId: number; siteId: number }[];
  }
).rows;
let started = performance.now();
const planned = await plannedDay(database.db, {
  channel: 'WECHAT',
  day: DAY,
  machine: { id: machineId, agentId: placed?.agentId as number, siteId: placed?.siteId ?? null },
  plan: PLAN,
  tag: 'B',
});
const file = Buffer.from(wechatBill(planned.rows));
console.log(
  `${PLAN.orders.toLocaleString('en')} orders written and a statement of ${planned.rows.length.toLocaleString('en')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

started = performance.now();
const read = readStatement(decodeStatement(file).text, 'WECHAT_TRADE_BILL');
const baseline = (performance.now() - started) / 1000;
if (read.length !== planned.rows.length) throw new Error(`read ${read.length} rows of ${planned.rows.length}`);

const { app, authorization } = await signedInApp(database);
const { payload, headers } = multipart('file', `All_${DAY.replaceAll('-', '')}.csv`, file);
started = performance.now();
const answer = await app.inject({
  method: 'POST',
  url: `/api/reconciliation/imports?channel=WECHAT&day=${DAY}`,
  payload,
  headers: { ...headers, authorization },
});
const seconds = (performance.now() - started) / 1000;
if (answer.statusCode !== 201)
  throw new Error(`the import answered ${answer.statusCode}: ${answer.body.slice(0, 500)}`);
const imported = answer.json() as Record<string, number>;
const counted = {
  MATCHED: imported.matched,
  AMOUNT_DIFFERS: imported.amountDiffers,
  STATE_DIFFERS: imported.stateDiffers,
  OURS_ONLY: imported.oursOnly,
  CHANNEL_ONLY: imported.channelOnly,
};
const exact = JSON.stringify(counted) === JSON.stringify(planned.expected) && imported.fees === planned.fees;
console.log(`classes ${JSON.stringify(counted)}; expected ${JSON.stringify(planned.expected)}`);
if (!exact) throw new Error('the classes or the fees differ from the known answer');
record('reconciliation-300k', {
  name: `WeChat Pay statement of ${planned.rows.length.toLocaleString('en')} rows imported and classified against ${PLAN.orders.toLocaleString('en')} orders of its day (embedded database, through the API); the five classes and the fees equal the known answer`,
  value: Math.round(seconds * 10) / 10,
  unit: 's',
  baseline: {
    name: 'the same file read alone: decoded and parsed, no database',
    value: Math.round(baseline * 10) / 10,
  },
  target: { compare: '<=', limit: TARGET_S, of: 'value' },
  detail: Object.entries(counted)
    .map(([name, n]) => `${name} ${n}`)
    .join(', '),
});
await app.close();
await database.close();
