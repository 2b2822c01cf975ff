import type { Deps } from '../../lib/deps.ts';
import { usersRepository as repo } from './users.repository.ts';

/**
 * A user's password as the sign-in and the forgotten-password flow (the auth module) change it:
 * the users module owns the user's row, the auth module calls here.
 */
export function createUserCredentials({ db }: Pick<Deps, 'db'>) {
  return {
    /** The same password, hashed again with today's parameters (an imported or older hash). */
    rehash: (userId: number, passwordHash: string) => repo.setPasswordHash(db, userId, passwordHash),
    /** A new password chosen through a mailed code: it need not be changed again. */
    reset: (userId: number, passwordHash: string, now: Date) => repo.resetPassword(db, userId, passwordHash, now),
  };
}

export type UserCredentials = ReturnType<typeof createUserCredentials>;
