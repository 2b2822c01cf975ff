/**
 * The users list's text search over 20,000 users, as the console asks for it (page 0, 10 rows,
 * with and without a sort), timed in the server against a baseline measured in the same run: a
 * public request that reads nothing. The search is `ILIKE '%…%'` on username, nickname and email,
 * which the trigram indexes answer without reading every user. Target: ≤ 10 ms a search.
 *
 *   npx tsx bench/users-search.ts
 */
import { sql } from 'drizzle-orm';
import { seededDatabase, signedInApp } from './in-process.ts';
import { record } from './results.ts';

const USERS = 20_000;
const CALLS = 50;
const TARGET_MS = 10;

const database = await seededDatabase();
// Users in the admin's department; five of them answer the search.
await database.db.execute(sql`
  INSERT INTO sys_user (dept_id, username, nick_name, email, gender, phone, password_hash, enabled)
  SELECT (SELECT dept_id FROM sys_user WHERE username = 'admin'), 'user' || g,
         CASE WHEN g % 4000 = 0 THEN 'Blurry ' || g ELSE 'Member ' || md5(g::text) END,
         'user' || g || '@example.com', '男', '138' || lpad(g::text, 8, '0'), 'x', true
  FROM generate_series(1, ${USERS}) AS g`);
await database.db.execute(sql`ANALYZE sys_user`);

const { app, authorization } = await signedInApp(database, async (app) => {
  app.get('/api/bench/public', async () => ({ ok: true }));
});

/** Median milliseconds of CALLS requests to `url`, after a few to warm up. */
async function median(url: string, headers: Record<string, string> = {}): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < CALLS + 5; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const baseline = await median('/api/bench/public');
const found = (
  await app.inject({ method: 'GET', url: '/api/users?blurry=blurry&size=10', headers: { authorization } })
).json().totalElements as number;
console.log(
  `users list over ${USERS} users, "blurry" (${found} found); baseline public request ${baseline.toFixed(2)} ms`,
);
for (const [key, label, url] of [
  ['users-search', 'without sort', '/api/users?blurry=blurry&page=0&size=10'],
  ['users-search-sorted', 'sorted by username', '/api/users?blurry=blurry&page=0&size=10&sort=username,asc'],
] as const) {
  record(key, {
    name: `users list over ${USERS} users, text filter, ${label} (median of ${CALLS})`,
    value: Math.round((await median(url, { authorization })) * 10) / 10,
    unit: 'ms',
    baseline: { name: 'a public request that reads nothing', value: Math.round(baseline * 100) / 100 },
    target: { compare: '<=', limit: TARGET_MS, of: 'value' },
  });
}
await app.close();
await database.close();
