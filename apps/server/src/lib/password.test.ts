import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { niceOf, threadNiceValues } from '../../test/thread-priorities.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';

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
    // The asking thread keeps its priority; the hashing thread runs at the lowest.
    expect(niceOf('/proc/thread-self/stat')).toBe(asking);
    expect(threadNiceValues()).toContain(19);
  });
});
