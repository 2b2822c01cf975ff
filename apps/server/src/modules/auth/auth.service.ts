import { type KeyObject, randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import {
  type AuthInfo,
  type CaptchaResponse,
  type LoginBody,
  type LoginResponse,
  RESET_CODE_TTL_MS,
  type ResetPasswordBody,
} from '@water/contract/auth';
import { CAPTCHA_TTL_MS, CAPTCHA_UUID_PREFIX, LOGIN_MAX_FAILURES, TOKEN_MAX_AGE_MS } from '@water/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import { decryptLegacyPassword } from '../../domain/legacy-rsa.ts';
import type { Principal } from '../../domain/principal.ts';
import { authInfoOf, loadAuthInfo } from '../../domain/user-info.ts';
import type { VerifyCodes } from '../../domain/verify-codes.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, invalidField, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword, warmUpHashing } from '../../lib/password.ts';
import { type Language, render } from '../../lib/texts.ts';
import type { UserCredentials } from '../users/user-credentials.ts';
import { authRepository as repo } from './auth.repository.ts';
import { arithmeticQuestion, captchaImage } from './captcha.ts';

/** How long a sign-in waits for a free place while the same account's checks are all under way. */
const CHECK_WAIT_MS = 10_000;

export interface AuthOptions {
  /** Tests only: the answer of every captcha. */
  captchaTestAnswer: string | undefined;
  /** Accepts the RSA-encrypted passwords of eladmin-web clients. */
  legacyKey: KeyObject | undefined;
  codes: VerifyCodes;
}

export interface Client {
  ip: string;
  userAgent: string | undefined;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in with captcha and account lock, sign-out, and the forgotten-password flow. */
export function createAuthService(
  { db, clock, sessions, tokens, principals }: Pick<Deps, 'db' | 'clock' | 'sessions' | 'tokens' | 'principals'>,
  { captchaTestAnswer, legacyKey, codes, credentials }: AuthOptions & { credentials: UserCredentials },
) {
  /** The account a username or an e-mail address names (usernames first, as both are unique). */
  async function accountOf(account: string) {
    const name = account.trim();
    return (await repo.userByUsername(db, name)) ?? (await repo.userByEmail(db, name));
  }

  /** Checks an answer; the question is gone afterwards, whether the answer was right or not. */
  async function consumeCaptcha(uuid: string, code: string): Promise<void> {
    const row = await repo.takeCaptcha(db, uuid);
    if (!row || row.expiresAt.getTime() <= clock.now().getTime()) {
      throw badRequest({ key: 'errors.auth.captchaExpired' }, 'CAPTCHA_EXPIRED');
    }
    if (row.answer.trim().toLowerCase() !== code.trim().toLowerCase())
      throw badRequest({ key: 'errors.auth.captchaWrong' }, 'CAPTCHA_WRONG');
  }

  /**
   * Takes one of the account's places for a password check before the password is read. While
   * the account is locked the answer says so at once; while every place is taken by checks under
   * way (the same account signing in many times at once), the attempt waits for one to free up,
   * so that a correct password is never refused for others' concurrency and at most
   * LOGIN_MAX_FAILURES passwords are checked per lock window.
   */
  async function reservePasswordCheck(username: string): Promise<void> {
    const giveUpAt = Date.now() + CHECK_WAIT_MS;
    // Waiters look again ever less often (20 ms doubling to 0.5 s): many waiting sign-ins must not
    // keep the database too busy for the checks they wait for to finish.
    for (let round = 0; ; round++) {
      const now = clock.now();
      const { count, lockedUntil } = await repo.reserveAttempt(db, username, now);
      if (lockedUntil && lockedUntil > now) {
        const minutes = Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000);
        throw tooManyRequests({ key: 'errors.auth.locked', values: { count: minutes } }, 'ACCOUNT_LOCKED');
      }
      if (count <= LOGIN_MAX_FAILURES) return;
      await repo.releaseAttempt(db, username);
      if (Date.now() > giveUpAt) {
        throw tooManyRequests({ key: 'errors.auth.busy' });
      }
      const pause = Math.min(500, 20 * 2 ** round);
      await setTimeout(pause / 2 + Math.random() * pause);
    }
  }

  return {
    async captcha(): Promise<CaptchaResponse> {
      // Someone is about to sign in: the thread that will check the password starts meanwhile.
      warmUpHashing();
      const { question, answer } = arithmeticQuestion();
      const uuid = CAPTCHA_UUID_PREFIX + randomBytes(16).toString('hex');
      const now = clock.now();
      await repo.saveCaptcha(db, {
        uuid,
        answer: captchaTestAnswer ?? answer,
        expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
      });
      return { img: captchaImage(question), uuid };
    },

    async login(body: LoginBody, client: Client): Promise<LoginResponse> {
      await consumeCaptcha(body.uuid, body.code);
      const username = body.username.trim();
      const now = clock.now();
      await reservePasswordCheck(username);
      const password = (legacyKey && decryptLegacyPassword(legacyKey, body.password)) || body.password;
      const user = await repo.userByUsername(db, username);
      let matches = false;
      if (user) matches = await verifyPassword(user.passwordHash, password);
      else await verifyAgainstDummy(password);
      // The attempt already counts as a failure; only a success takes it back.
      if (!user || !matches) {
        await repo.lockIfSpent(db, username, clock.now());
        throw badRequest({ key: 'errors.auth.wrongCredentials' }, 'WRONG_CREDENTIALS');
      }
      await repo.clearFailures(db, username);
      if (!user.enabled) throw badRequest({ key: 'errors.auth.disabled' }, 'ACCOUNT_DISABLED');
      if (needsRehash(user.passwordHash)) await credentials.rehash(user.id, await hashPassword(password));
      const session = await sessions.create(user.id, client.ip, client.userAgent);
      const token = await tokens.sign(
        { userId: user.id, sessionId: session.id, expiresAt: Math.floor((now.getTime() + TOKEN_MAX_AGE_MS) / 1000) },
        now,
      );
      return { token: `Bearer ${token}`, user: await authInfoOf(db, user) };
    },

    /** Removes what expired unused: captchas never answered, sessions never signed out (scheduled). */
    async purgeExpired(): Promise<void> {
      await repo.purgeExpiredCaptchas(db, clock.now());
      await sessions.purgeExpired();
    },

    /** Ends the session of a token, even an expired one; anything unreadable is ignored. */
    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const claims = await tokens.verify(token, clock.now(), true);
      if (claims) await sessions.revoke([claims.sessionId]);
    },

    async info(principal: Principal): Promise<AuthInfo> {
      const info = await loadAuthInfo(db, principal.id);
      if (!info) throw unauthorized();
      return info;
    },

    /**
     * Mails a reset code to the address of an enabled account, named by its username or its
     * address. The answer is the same either way, so the form cannot be used to learn which
     * accounts exist or which addresses they use. The mail is written in the language of the request.
     */
    async requestReset(account: string, language: Language, log: FastifyBaseLogger): Promise<void> {
      const user = await accountOf(account);
      if (!user?.enabled || !user.email) return;
      // Sent in the background: a known account is answered as quickly as an unknown one.
      void codes
        .send(
          {
            scene: 'reset',
            email: user.email,
            subject: render(language, { key: 'mails.reset.subject' }),
            text: (code) =>
              render(language, {
                key: 'mails.reset.body',
                values: { username: user.username, code, minutes: RESET_CODE_TTL_MS / 60_000 },
              }),
          },
          log,
        )
        .catch((error: unknown) => {
          // Asking again within a minute is answered like any other request: no new mail.
          if ((error as { statusCode?: number }).statusCode === 429) return;
          log.warn({ userId: user.id }, 'The password reset mail could not be sent');
        });
    },

    /** Sets a new password with a mailed code; every session of the account ends. */
    async resetPassword(input: ResetPasswordBody): Promise<void> {
      const user = await accountOf(input.account);
      if (!user?.enabled || !user.email) throw invalidField('code', { key: 'errors.auth.codeWrong' });
      await codes.consume('reset', user.email, input.code);
      await credentials.reset(user.id, await hashPassword(input.password), clock.now());
      await repo.clearFailures(db, user.username);
      await sessions.revokeUser(user.id);
      await principals.invalidate(user.id);
    },
  };
}
