import type { ResetPasswordBody } from '@water/contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { users } from '../../db/schema.ts';
import { invalidField } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { clearFailures } from './login-failures.ts';
import { consumeCode, sendCode } from './verify-codes.ts';

const findByEmail = (app: FastifyInstance, email: string) =>
  app.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .then((rows) => rows[0]);

/**
 * Mails a reset code when an enabled account uses the address. The answer is the same either
 * way, so the form cannot be used to learn which addresses have accounts.
 */
export async function requestReset(app: FastifyInstance, email: string, log: FastifyBaseLogger): Promise<void> {
  const user = await findByEmail(app, email);
  if (!user?.enabled) return;
  await sendCode(
    app,
    {
      scene: 'reset',
      email,
      subject: 'Reset your password',
      text: (code) =>
        `Someone asked to reset the password of the account "${user.username}". ` +
        `The code is ${code}; it is valid for 5 minutes. If it was not you, ignore this message.`,
    },
    log,
  ).catch((error: unknown) => {
    // Asking again within a minute is answered like any other request: no new mail.
    if ((error as { statusCode?: number }).statusCode !== 429) throw error;
  });
}

/** Sets a new password with a mailed code; every session of the account ends. */
export async function resetPassword(app: FastifyInstance, input: ResetPasswordBody): Promise<void> {
  await consumeCode(app, 'reset', input.email, input.code);
  const user = await findByEmail(app, input.email);
  if (!user?.enabled) throw invalidField('code', 'the verification code is wrong or has expired; ask for a new one');
  await app.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      mustChangePassword: false,
      pwdResetTime: app.clock.now(),
      updateTime: app.clock.now(),
    })
    .where(eq(users.id, user.id));
  await clearFailures(app.db, user.username);
  await app.sessions.revokeUser(user.id);
  await app.principals.invalidate(user.id);
}
