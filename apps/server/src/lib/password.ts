import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import { workerFile } from './worker-file.ts';

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. `2` is Algorithm.Argon2id (a const enum
// the compiler cannot inline across packages).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing takes a core for tens of milliseconds. It runs on worker threads of the lowest
 * priority (`workers/password.worker.mjs`), one per core at most: a burst of sign-ins
 * uses every cycle the cores have left over, and the thread answering everyone else takes its
 * core back whenever it needs it. A thread idle for 20 seconds ends, giving back its memory.
 */
let pool: Piscina | undefined;
const hashing = () => {
  pool ??= new Piscina({
    filename: workerFile('password.worker.mjs').href,
    minThreads: 0,
    maxThreads: availableParallelism(),
    idleTimeout: 20_000,
  });
  return pool;
};

/** Starts a hashing thread ahead of a sign-in (when the sign-in page asks for its captcha). */
export function warmUpHashing(): void {
  const threads = hashing();
  if (threads.threads.length === 0) void threads.run({ op: 'warm-up' }).catch(() => {});
}

export function hashPassword(password: string): Promise<string> {
  return hashing().run({ op: 'hash', password, options: ARGON2ID });
}

/** Whether a stored hash is of an older kind and should be replaced after the next sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith('$argon2id$');
}

/** Verifies against argon2id, or a bcrypt hash imported from an older system. */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  const op = /^\$2[aby]\$/.test(stored) ? 'verify-bcrypt' : 'verify-argon2';
  return hashing().run({ op, password, stored });
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown username answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
