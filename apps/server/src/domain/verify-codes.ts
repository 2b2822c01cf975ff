import { randomInt } from 'node:crypto';
import { RESET_CODE_TTL_MS } from '@water/contract/auth';
import { EMAIL_CODE_TTL_MS } from '@water/contract/users';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../lib/deps.ts';
import { invalidField, tooManyRequests } from '../lib/http-errors.ts';
import { verifyCodes } from './identity.schema.ts';

/** What a code is for: confirming a new e-mail address, or resetting a forgotten password. */
export type CodeScene = 'email' | 'reset';

/** How long a code of each scene works. */
const TTL_MS: Record<CodeScene, number> = { email: EMAIL_CODE_TTL_MS, reset: RESET_CODE_TTL_MS };

export interface CodeMail {
  scene: CodeScene;
  email: string;
  subject: string;
  /** The message, given the code. */
  text: (code: string) => string;
}

/** One code per address per minute, so the endpoint cannot be used to flood a mailbox. */
const RESEND_AFTER_MS = 60 * 1000;

export type VerifyCodes = ReturnType<typeof createVerifyCodes>;

/** Codes mailed to an address to prove it is the caller's: the e-mail change and the password reset. */
export function createVerifyCodes({ db, clock, mailer }: Pick<Deps, 'db' | 'clock' | 'mailer'>) {
  return {
    /** Creates a code for an address and mails it (or logs it, without SMTP); never answers it. */
    async send(mail: CodeMail, log: FastifyBaseLogger): Promise<void> {
      const target = mail.email.toLowerCase();
      const scene = mail.scene;
      const now = clock.now();
      await db.delete(verifyCodes).where(lt(verifyCodes.expiresAt, now));
      const [last] = await db
        .select({ createTime: verifyCodes.createTime })
        .from(verifyCodes)
        .where(and(eq(verifyCodes.scene, scene), eq(verifyCodes.target, target)))
        .orderBy(desc(verifyCodes.createTime))
        .limit(1);
      if (last && now.getTime() - last.createTime.getTime() < RESEND_AFTER_MS) {
        throw tooManyRequests({ key: 'errors.auth.codeTooSoon' });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.delete(verifyCodes).where(and(eq(verifyCodes.scene, scene), eq(verifyCodes.target, target)));
      await db
        .insert(verifyCodes)
        .values({ scene, target, code, expiresAt: new Date(now.getTime() + TTL_MS[scene]), createTime: now });
      await mailer.send({ to: target, subject: mail.subject, text: mail.text(code) }, log);
    },

    /** Checks a code sent to the address; any attempt uses the code up, so it cannot be guessed. */
    async consume(scene: CodeScene, email: string, code: string): Promise<void> {
      const rows = await db
        .delete(verifyCodes)
        .where(and(eq(verifyCodes.scene, scene), eq(verifyCodes.target, email.toLowerCase())))
        .returning({ code: verifyCodes.code, expiresAt: verifyCodes.expiresAt });
      const now = clock.now().getTime();
      if (!rows.some((row) => row.code === code.trim() && row.expiresAt.getTime() > now)) {
        throw invalidField('code', { key: 'errors.auth.codeWrong' });
      }
    },
  };
}
