import type { KeyObject } from 'node:crypto';
import type { LoginBody, LoginResponse } from '@water/contract/auth';
import { TOKEN_MAX_AGE_MS } from '@water/contract/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.ts';
import { badRequest, tooManyRequests } from '../../lib/http-errors.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { findUserByUsername, loadAuthInfo } from '../users/user-info.repository.ts';
import { consumeCaptcha } from './captcha.service.ts';
import { decryptLegacyPassword } from './legacy-rsa.ts';
import { clearFailures, lockedUntil, recordFailure } from './login-failures.ts';

export const WRONG_CREDENTIALS = 'Wrong username or password';

export interface LoginContext {
  ip: string;
  userAgent: string | undefined;
  legacyKey: KeyObject | undefined;
}

export async function login(app: FastifyInstance, body: LoginBody, context: LoginContext): Promise<LoginResponse> {
  const { db, clock } = app;
  await consumeCaptcha(db, clock, body.uuid, body.code);

  const username = body.username.trim();
  const now = clock.now();
  const lockEnd = await lockedUntil(db, username, now);
  if (lockEnd) {
    const minutes = Math.ceil((lockEnd.getTime() - now.getTime()) / 60_000);
    throw tooManyRequests(
      `Too many failed sign-ins: this account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      'ACCOUNT_LOCKED',
    );
  }

  const password = (context.legacyKey && decryptLegacyPassword(context.legacyKey, body.password)) || body.password;
  const user = await findUserByUsername(db, username);
  let matches = false;
  if (user) matches = await verifyPassword(user.passwordHash, password);
  else await verifyAgainstDummy(password);
  if (!user || !matches) {
    await recordFailure(db, username, now);
    throw badRequest(WRONG_CREDENTIALS, 'WRONG_CREDENTIALS');
  }
  await clearFailures(db, username);
  if (!user.enabled)
    throw badRequest('This account is disabled; ask an administrator to enable it', 'ACCOUNT_DISABLED');

  if (needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  }
  const session = await app.sessions.create(user.id, context.ip, context.userAgent);
  const token = await app.tokens.sign(
    { userId: user.id, sessionId: session.id, expiresAt: Math.floor((now.getTime() + TOKEN_MAX_AGE_MS) / 1000) },
    now,
  );
  const info = await loadAuthInfo(db, user.id);
  if (!info) throw new Error('user vanished during sign-in');
  return { token: `Bearer ${token}`, user: info };
}

/** Ends the session of a token, even an expired one; anything unreadable is ignored. */
export async function logout(app: FastifyInstance, token: string | undefined): Promise<void> {
  if (!token) return;
  const claims = await app.tokens.verify(token, app.clock.now(), true);
  if (claims) await app.sessions.revoke([claims.sessionId]);
}
