import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CONSUMER_CODE_RESEND_SECONDS,
  CONSUMER_CODE_TRIES,
  CONSUMER_CODE_TTL_SECONDS,
  CONSUMER_SESSION_DAYS,
  type ConsumerMe,
  type ConsumerSession,
} from '@water/contract/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import type { Language } from '../../lib/texts.ts';
import type { MembersService } from '../members/members.service.ts';
import { maskPhone } from '../members/members.service.ts';
import { consumersRepository as repo } from './consumers.repository.ts';
import type { SmsSender } from './sms-senders.ts';

const CODE_TEXT: Record<Language, (code: string) => string> = {
  en: (code) => `Your water machine sign-in code is ${code}. It is valid for 5 minutes.`,
  zh: (code) => `您的售水机登录验证码为 ${code}，5 分钟内有效。`,
};
const AUDIENCE = 'water-consumer';

/** A signed-in consumer, as the page's routes name them. */
export interface ConsumerIdentity {
  phone: string;
}

export type ConsumersService = ReturnType<typeof createConsumersService>;

/**
 * Consumers signing in on the public page by phone: a six-digit code sent by SMS (kept hashed,
 * five minutes, five tries, again no sooner than a minute later), exchanged for a signed token of
 * 30 days that names the member of that phone (made on first sign-in).
 */
export function createConsumersService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    serverSecret,
    sms,
    members,
    cardsOf,
    log,
  }: {
    serverSecret: string;
    /** How codes are sent; none configured, asking for one is refused (503). */
    sms: SmsSender | undefined;
    members: MembersService;
    /** A member's water cards and balances (masked numbers). */
    cardsOf: (memberId: number) => Promise<ConsumerMe['cards']>;
    log: FastifyBaseLogger;
  },
) {
  const key = createHash('sha256').update(`water-consumer-v1:${serverSecret}`).digest();
  const hashOf = (phone: string, code: string) => createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
  const expired = () =>
    new HttpError(400, { key: 'errors.consumers.codeExpired' }, 'CODE_INVALID', [
      { field: 'code', code: 'invalid', message: 'has expired or was tried too often: ask for a new one' },
    ]);

  return {
    async sendCode(phone: string, language: Language): Promise<void> {
      if (!sms) throw new HttpError(503, { key: 'errors.consumers.smsUnavailable' }, 'UNAVAILABLE');
      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const kept = await repo.replace(
        db,
        {
          phone,
          codeHash: hashOf(phone, code),
          expiresAt: new Date(now.getTime() + CONSUMER_CODE_TTL_SECONDS * 1000),
          tries: 0,
          sentAt: now,
        },
        new Date(now.getTime() - CONSUMER_CODE_RESEND_SECONDS * 1000),
      );
      if (!kept) {
        const last = await repo.code(db, phone);
        const waited = last ? Math.floor((now.getTime() - last.sentAt.getTime()) / 1000) : 0;
        const seconds = Math.max(1, CONSUMER_CODE_RESEND_SECONDS - waited);
        throw tooManyRequests({ key: 'errors.consumers.codeTooSoon', values: { seconds } });
      }
      try {
        await sms.send(phone, CODE_TEXT[language](code));
      } catch (error) {
        // Not sent: asking again is not held back by the minute.
        await repo.remove(db, phone);
        log.warn({ err: error }, 'a sign-in code could not be sent');
        throw new HttpError(503, { key: 'errors.consumers.smsUnavailable' }, 'UNAVAILABLE');
      }
    },

    async signIn(phone: string, code: string): Promise<ConsumerSession> {
      const now = clock.now();
      const kept = await repo.code(db, phone);
      if (!kept || kept.expiresAt <= now) throw expired();
      const tries = await repo.countTry(db, phone, CONSUMER_CODE_TRIES);
      if (tries === undefined) throw expired();
      const given = Buffer.from(hashOf(phone, code));
      if (!timingSafeEqual(given, Buffer.from(kept.codeHash))) {
        const left = CONSUMER_CODE_TRIES - tries;
        if (left <= 0) throw expired();
        throw new HttpError(400, { key: 'errors.consumers.codeWrong', values: { left } }, 'CODE_INVALID', [
          { field: 'code', code: 'invalid', message: `is wrong: ${left} tries left` },
        ]);
      }
      await repo.remove(db, phone);
      await members.memberOf(db, { phone }, null, now);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(phone)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + CONSUMER_SESSION_DAYS * 86_400)
        .sign(key);
      return { token, phone: maskPhone(phone) as string };
    },

    /** The consumer a token names, or undefined for none, a forged or an expired one. */
    async consumerOf(token: string | undefined): Promise<ConsumerIdentity | undefined> {
      if (!token || token.length > 1000) return undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        return payload.sub && /^1\d{10}$/.test(payload.sub) ? { phone: payload.sub } : undefined;
      } catch {
        return undefined;
      }
    },

    /** The consumer a token names; refused (401) without a valid one. */
    async signedIn(token: string | undefined): Promise<ConsumerIdentity> {
      const consumer = await this.consumerOf(token);
      if (!consumer) throw unauthorized({ key: 'errors.consumers.signInRequired' });
      return consumer;
    },

    async me(consumer: ConsumerIdentity): Promise<ConsumerMe> {
      const member = await members.find({ phone: consumer.phone });
      return { phone: maskPhone(consumer.phone) as string, cards: member ? await cardsOf(member.id) : [] };
    },

    /** The member of a signed-in consumer, when they have been seen. */
    async memberIdOf(consumer: ConsumerIdentity | undefined): Promise<number | null> {
      if (!consumer) return null;
      return (await members.find({ phone: consumer.phone }))?.id ?? null;
    },
  };
}
