/**
 * How much a signed-in request costs over a public one. Every signed-in request verifies the JWT
 * and checks its session and user; those checks are served from in-process caches, so the ratio
 * should stay close to 1 and must not grow with a database round trip per request.
 *
 *   npx tsx bench/session-check.ts
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { signedInContext } from '../apps/server/src/plugins/auth.ts';

const REQUESTS = 4000;
const ROUNDS = 5;

const database = await openPglite({});
await seedDatabase(database.db, { adminPassword: 'bench-password-1', seedDemo: false, defaultUserPassword: '123456' });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: '1', AUTH_RATE_LIMIT: '100000' }),
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  logger: false,
});
app.get('/api/bench/public', async () => ({ ok: true }));
await app.register(async (signedIn) => {
  await signedInContext(signedIn);
  signedIn.get('/api/bench/signed-in', { config: { permission: ['user:list'] } }, async () => ({ ok: true }));
});
await app.ready();

const { uuid } = (await app.inject({ method: 'GET', url: '/auth/code' })).json();
const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  payload: { username: 'admin', password: 'bench-password-1', code: '1', uuid },
});
const authorization = login.json().token as string;

async function timeRequests(url: string, headers: Record<string, string>): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < REQUESTS; i++) {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const ratios: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const baseline = await timeRequests('/api/bench/public', {});
  const signedIn = await timeRequests('/api/bench/signed-in', { authorization });
  ratios.push(signedIn / baseline);
  console.log(
    `round ${round + 1}: public ${(baseline / REQUESTS).toFixed(3)} ms/request, signed-in ${(signedIn / REQUESTS).toFixed(3)} ms/request`,
  );
}
ratios.sort((a, b) => a - b);
console.log(`signed-in / public, median of ${ROUNDS}: ${ratios[Math.floor(ROUNDS / 2)]?.toFixed(2)}`);
await app.close();
await database.close();
