/**
 * The hot reads against a baseline measured in the same run: a public request that does nothing.
 * Every signed-in request verifies its token and checks its session and user, and the sidebar
 * (`api/menus/build`) and dropdowns (`api/dictDetail`) are read all day; all of these are served
 * from in-process caches, so their ratios should stay near 1 (plus the cost of serialising the
 * answer) instead of growing with database round trips.
 *
 *   npm run bench
 */

import { signedInContext } from '../apps/server/src/plugins/auth.ts';
import { seededDatabase, signedInApp } from './in-process.ts';

const REQUESTS = 2000;
const ROUNDS = 5;

const database = await seededDatabase();
const { app, authorization } = await signedInApp(database, async (app) => {
  app.get('/api/bench/public', async () => ({ ok: true }));
  await app.register(async (signedIn) => {
    await signedInContext(signedIn);
    signedIn.get('/api/bench/signed-in', { config: { permission: ['user:list'] } }, async () => ({ ok: true }));
  });
});

async function timeRequests(url: string, headers: Record<string, string>): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < REQUESTS; i++) {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const cases = {
  'signed-in, empty answer': '/api/bench/signed-in',
  'api/menus/build': '/api/menus/build',
  'api/dictDetail': '/api/dictDetail?dictName=user_status&page=0&size=9999',
};
const ratios = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  const baseline = await timeRequests('/api/bench/public', {});
  const line = [`round ${round + 1}: public ${(baseline / REQUESTS).toFixed(3)} ms/request`];
  for (const [name, url] of Object.entries(cases)) {
    const elapsed = await timeRequests(url, { authorization });
    ratios.get(name)?.push(elapsed / baseline);
    line.push(`${name} ${(elapsed / REQUESTS).toFixed(3)}`);
  }
  console.log(line.join(', '));
}
for (const [name, values] of ratios) {
  values.sort((a, b) => a - b);
  console.log(`${name} / public, median of ${ROUNDS}: ${values[Math.floor(ROUNDS / 2)]?.toFixed(2)}`);
}
await app.close();
await database.close();
