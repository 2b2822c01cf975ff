import { readdirSync, readFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';

/** The nice value of each of this process's threads (Linux), from /proc. */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((thread) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; nice is the 19th field of the line.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

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

  it('hashes on a thread of lower priority than the event loop', async () => {
    const before = threadNiceValues();
    await Promise.all(Array.from({ length: 3 }, (_, i) => hashPassword(`password ${i}`)));
    const after = threadNiceValues();
    // The thread answering requests keeps its priority; the hashing thread runs at nice 10.
    expect(before[0]).toBe(0);
    expect(after[0]).toBe(0);
    expect(after.filter((nice) => nice === 10).length).toBeGreaterThan(0);
  });
});
