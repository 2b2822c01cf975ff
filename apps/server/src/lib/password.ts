import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import pLimit from 'p-limit';

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. `2` is Algorithm.Argon2id (a const enum
// the compiler cannot inline across packages).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing takes a core for tens of milliseconds: at most one fewer at once than the machine has
 * (one on two cores), so a burst of sign-ins queues for the others and never takes the core that
 * answers everyone else.
 */
const hashing = pLimit(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, ARGON2ID));
}

/** Whether a stored hash is of an older kind and should be replaced after the next sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith('$argon2id$');
}

/** Verifies against argon2id, or a bcrypt hash imported from an older system. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (/^\$2[aby]\$/.test(stored)) return hashing(() => bcrypt.compare(password, stored));
  try {
    return await hashing(() => verify(stored, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown username answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  const stored = await dummyHash;
  await hashing(() => verify(stored, password)).catch(() => false);
}
