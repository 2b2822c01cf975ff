import { readdirSync, readFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';

/** The nice value in a thread's /proc stat line (its 19th field). */
function niceOf(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice value of each of this process's threads (Linux). */
const threadNiceValues = () => readdirSync('/proc/self/task').map((thread) => niceOf(`/proc/self/task/${thread}/stat`));

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('right horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword(stored, 'right horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse battery')).toBe(false);
  });

  it('verifies an imported bcrypt hash, and refuses a malformed hash without throwing', async () => {
    const imported = bcrypt.hashSync('from eladmin', 4);
    expect(needsRehash(imported)).toBe(true);
    expect(await verifyPassword(imported, 'from eladmin')).toBe(true);
    expect(await verifyPassword(imported, 'something else')).toBe(false);
    expect(await verifyPassword('$argon2id$not-a-hash', 'x')).toBe(false);
    await expect(verifyAgainstDummy('anything')).resolves.toBeUndefined();
  });

  it('hashes on a thread of lower priority than the thread that asks', async () => {
    const asking = niceOf('/proc/thread-self/stat');
    await Promise.all(Array.from({ length: 3 }, (_, i) => hashPassword(`password ${i}`)));
    // The asking thread keeps its priority; the hashing thread runs 10 below the process's default.
    expect(niceOf('/proc/thread-self/stat')).toBe(asking);
    expect(threadNiceValues()).toContain(10);
  });
});
