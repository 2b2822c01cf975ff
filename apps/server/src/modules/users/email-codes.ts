import { randomInt } from 'node:crypto';
import { EMAIL_CODE_TTL_MS } from '@water/contract/users';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { verifyCodes } from '../../db/schema.ts';
import { badRequest, tooManyRequests } from '../../lib/http-errors.ts';
import type { Clock } from '../../lib/time.ts';

const SCENE = 'email';
/** One code per address per minute, so the endpoint cannot be used to flood a mailbox. */
const RESEND_AFTER_MS = 60 * 1000;

/**
 * Creates a code for a change of e-mail address and delivers it. There is no mail transport yet,
 * so the code goes to the server log, where an operator can read it; it never goes into a response.
 */
export async function sendEmailCode(db: Database, clock: Clock, log: FastifyBaseLogger, email: string): Promise<void> {
  const target = email.toLowerCase();
  const now = clock.now();
  await db.delete(verifyCodes).where(lt(verifyCodes.expiresAt, now));
  const [last] = await db
    .select({ createTime: verifyCodes.createTime })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.scene, SCENE), eq(verifyCodes.target, target)))
    .orderBy(desc(verifyCodes.createTime))
    .limit(1);
  if (last && now.getTime() - last.createTime.getTime() < RESEND_AFTER_MS) {
    throw tooManyRequests('A code was sent to this address less than a minute ago; wait before asking again');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.delete(verifyCodes).where(and(eq(verifyCodes.scene, SCENE), eq(verifyCodes.target, target)));
  await db
    .insert(verifyCodes)
    .values({ scene: SCENE, target, code, expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS), createTime: now });
  log.info({ email: target }, `E-mail verification code for ${target}: ${code} (valid 5 minutes)`);
}

/** Checks a code sent to the address; any attempt uses the code up, so it cannot be guessed. */
export async function consumeEmailCode(db: Database, clock: Clock, email: string, code: string): Promise<void> {
  const rows = await db
    .delete(verifyCodes)
    .where(and(eq(verifyCodes.scene, SCENE), eq(verifyCodes.target, email.toLowerCase())))
    .returning({ code: verifyCodes.code, expiresAt: verifyCodes.expiresAt });
  const now = clock.now().getTime();
  if (!rows.some((row) => row.code === code.trim() && row.expiresAt.getTime() > now)) {
    throw badRequest('code: the verification code is wrong or has expired; ask for a new one');
  }
}
