import type { KeyObject } from 'node:crypto';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type UpdateEmailInput,
  type UpdatePassInput,
  type UserCenterInput,
} from '@water/contract/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { forbidden, invalidField, unauthorized } from '../../lib/http-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { decryptLegacyPassword } from '../auth/legacy-rsa.ts';
import { consumeCode } from '../auth/verify-codes.ts';
import type { UserRow } from './user-info.repository.ts';
import { findUser, isTaken } from './users.repository.ts';

/** eladmin clients send passwords RSA-encrypted; others send them as typed. */
function plain(legacyKey: KeyObject | undefined, password: string): string {
  return (legacyKey && decryptLegacyPassword(legacyKey, password)) || password;
}

async function signedInUser(app: FastifyInstance, userId: number): Promise<UserRow> {
  const user = await findUser(app.db, userId);
  if (!user) throw unauthorized();
  return user;
}

export async function updateProfile(app: FastifyInstance, userId: number, input: UserCenterInput): Promise<void> {
  if (input.id !== userId) throw forbidden('You can only change your own profile');
  const user = await signedInUser(app, userId);
  await app.db
    .update(users)
    .set({
      nickName: input.nickName.trim(),
      ...(input.gender === undefined ? {} : { gender: input.gender }),
      ...(input.phone === undefined ? {} : { phone: input.phone }),
      updateBy: user.username,
      updateTime: app.clock.now(),
    })
    .where(eq(users.id, userId));
}

/** Replaces the password (also a default one that had to be replaced) and ends the user's other sessions. */
export async function updatePassword(
  app: FastifyInstance,
  userId: number,
  sessionId: string,
  input: UpdatePassInput,
  legacyKey: KeyObject | undefined,
): Promise<void> {
  const user = await signedInUser(app, userId);
  const oldPass = plain(legacyKey, input.oldPass);
  const newPass = plain(legacyKey, input.newPass);
  if (!(await verifyPassword(user.passwordHash, oldPass)))
    throw invalidField('oldPass', 'the current password is wrong');
  if (newPass.length < PASSWORD_MIN_LENGTH || newPass.length > PASSWORD_MAX_LENGTH) {
    throw invalidField('newPass', `must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (newPass === oldPass) throw invalidField('newPass', 'must differ from the current password');
  const now = app.clock.now();
  await app.db
    .update(users)
    .set({
      passwordHash: await hashPassword(newPass),
      mustChangePassword: false,
      pwdResetTime: now,
      updateBy: user.username,
      updateTime: now,
    })
    .where(eq(users.id, userId));
  await app.sessions.revokeUser(userId, sessionId);
  await app.principals.invalidate(userId);
}

export async function updateEmail(
  app: FastifyInstance,
  userId: number,
  code: string,
  input: UpdateEmailInput,
  legacyKey: KeyObject | undefined,
): Promise<void> {
  const user = await signedInUser(app, userId);
  if (!(await verifyPassword(user.passwordHash, plain(legacyKey, input.password)))) {
    throw invalidField('password', 'the password is wrong');
  }
  await consumeCode(app, 'email', input.email, code);
  if (await isTaken(app.db, 'email', input.email, userId)) {
    throw invalidField('email', `"${input.email}" is already used by another user`, 'taken');
  }
  await app.db
    .update(users)
    .set({ email: input.email, updateBy: user.username, updateTime: app.clock.now() })
    .where(eq(users.id, userId))
    .catch((error) => {
      throw isUniqueViolation(error)
        ? invalidField('email', `"${input.email}" is already used by another user`, 'taken')
        : error;
    });
}

/** Points the user at a newly stored avatar; answers the name of the one it replaces. */
export async function setAvatar(app: FastifyInstance, userId: number, name: string): Promise<string | null> {
  const user = await signedInUser(app, userId);
  await app.db
    .update(users)
    .set({ avatarName: name, avatarPath: `/avatar/${name}`, updateBy: user.username, updateTime: app.clock.now() })
    .where(eq(users.id, userId));
  return user.avatarName;
}
