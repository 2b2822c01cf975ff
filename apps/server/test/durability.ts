import { expect } from 'vitest';
import { addressOf, killHard, type ServerProcess, signIn, startServer } from './server-process.ts';

const ADMIN_PASSWORD = 'Durable-admin-password-1';
const CAPTCHA = '11';
const WRITERS = 4;
/** Writes answered in each round before the kill comes, at a random moment after them. */
export const ACKS_PER_ROUND = 4;
/**
 * A start that takes longer than this fails the test. Generous: the first start makes the
 * embedded database and runs every migration, beside the other test processes on two cores.
 */
const START_TIMEOUT_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CrashFigures {
  kills: number;
  killsDuringStartUp: number;
  acknowledgedWrites: number;
  /** What ended the writes in flight at each kill (socket errors), which are not acknowledged. */
  unansweredWrites: number;
  seconds: number;
}

/**
 * Runs the real server on the data `env` names, writes through its API from several clients at
 * once and kills it with SIGKILL at random moments — half of them while it starts, the first while it creates the database — then
 * starts it again on the same data, `kills` times. Fails if a start does not come up, if any
 * write is answered with something else than 2xx, or if a write answered 2xx (or the session of
 * the sign-in) is missing afterwards.
 */
export async function crashRepeatedly(env: Record<string, string>, kills: number): Promise<CrashFigures> {
  const started = Date.now();
  const serverEnv = {
    PORT: '0',
    NODE_ENV: 'test',
    CAPTCHA_TEST_ANSWER: CAPTCHA,
    ADMIN_PASSWORD,
    AUTH_RATE_LIMIT: '100000',
    ...env,
  };
  const acknowledged = new Set<string>();
  const refused: string[] = [];
  let unanswered = 0;
  let killsDuringStartUp = 0;
  let token: string | undefined;
  let startUpMs = 1500;

  const start = (): ServerProcess => startServer(serverEnv);
  /** Up and listening, or the test fails with what the process printed. */
  const up = async (server: ServerProcess) => {
    const t0 = Date.now();
    const baseUrl = await addressOf(server, START_TIMEOUT_MS);
    startUpMs = Date.now() - t0;
    return baseUrl;
  };

  const writer = async (baseUrl: string, authorization: string, prefix: string, stop: { now: boolean }) => {
    for (let n = 0; !stop.now; n++) {
      const name = `${prefix}_${n}`;
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/api/dict`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ name, description: 'written before a crash' }),
        });
        await response.arrayBuffer();
      } catch {
        unanswered += 1; // the process died under this request: its outcome is unknown
        return;
      }
      if (response.ok) acknowledged.add(name);
      else refused.push(`${name}: ${response.status}`);
    }
  };

  for (let round = 0; round < kills; round++) {
    const server = start();
    if (round % 2 === 0) {
      // Somewhere in the start-up: loading, opening the database, migrating, seeding, listening;
      // the first one on the empty data, before any start has completed.
      killsDuringStartUp += 1;
      await Promise.race([sleep(Math.random() * startUpMs), server.exit]);
      if (server.child.exitCode !== null) {
        throw new Error(`the server stopped by itself while starting:\n${server.output()}`);
      }
      await killHard(server);
      continue;
    }
    let baseUrl: string;
    try {
      baseUrl = await up(server);
    } catch (error) {
      await killHard(server);
      throw error;
    }
    // Signing in is a write too: its session must survive every crash that follows.
    token ??= await signIn(baseUrl, 'admin', ADMIN_PASSWORD, CAPTCHA);
    const stop = { now: false };
    const writers = Array.from({ length: WRITERS }, (_, w) =>
      writer(baseUrl, token as string, `crash${round}_${w}`, stop),
    );
    // A few writes answered in this round whatever the machine's speed, then more in flight.
    const wanted = acknowledged.size + ACKS_PER_ROUND;
    const deadline = Date.now() + 30_000;
    while (acknowledged.size < wanted && refused.length === 0 && Date.now() < deadline) await sleep(10);
    await sleep(Math.random() * 400);
    await killHard(server);
    stop.now = true;
    await Promise.all(writers);
  }

  const last = start();
  try {
    const baseUrl = await up(last);
    const all = await fetch(`${baseUrl}/api/dict/all`, { headers: { authorization: token ?? '' } });
    expect(all.status, 'the session of the first sign-in survives').toBe(200);
    const present = new Set(((await all.json()) as { name: string }[]).map((dict) => dict.name));
    const lost = [...acknowledged].filter((name) => !present.has(name));
    expect(refused, 'every write is answered 2xx or not at all').toEqual([]);
    expect(lost, 'every write answered 2xx is still there').toEqual([]);
    last.child.kill('SIGTERM');
    expect(await last.exit).toBe(0);
  } finally {
    await killHard(last);
  }
  return {
    kills,
    killsDuringStartUp,
    acknowledgedWrites: acknowledged.size,
    unansweredWrites: unanswered,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
