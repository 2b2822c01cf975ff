import { randomBytes, randomInt } from 'node:crypto';
import type { CaptchaResponse } from '@water/contract/auth';
import { CAPTCHA_TTL_MS, CAPTCHA_UUID_PREFIX } from '@water/contract/constants';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/client.ts';
import { captchas } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { Clock } from '../../lib/time.ts';

// The package's default export draws given text; its type declarations omit that signature.
const renderCaptcha = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

/** A small sum, difference or product whose answer is a whole number from 0 to 81. */
export function arithmeticQuestion(): { question: string; answer: string } {
  const operator = (['+', '-', 'x'] as const)[randomInt(3)];
  let a = randomInt(1, 10);
  let b = randomInt(1, 10);
  if (operator === '-' && b > a) [a, b] = [b, a];
  const answer = operator === '+' ? a + b : operator === '-' ? a - b : a * b;
  return { question: `${a} ${operator} ${b} = ?`, answer: String(answer) };
}

export async function issueCaptcha(
  db: Database,
  clock: Clock,
  testAnswer: string | undefined,
): Promise<CaptchaResponse> {
  const { question, answer } = arithmeticQuestion();
  const svg = renderCaptcha(question, {
    width: 111,
    height: 36,
    fontSize: 40,
    noise: 2,
    color: true,
    background: '#f5f7fa',
  });
  const uuid = CAPTCHA_UUID_PREFIX + randomBytes(16).toString('hex');
  const now = clock.now();
  // Expired questions that were never answered are swept as new ones are asked.
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values({
    uuid,
    answer: testAnswer ?? answer,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, uuid };
}

/** Checks an answer; the question is gone afterwards, whether the answer was right or not. */
export async function consumeCaptcha(db: Database, clock: Clock, uuid: string, code: string): Promise<void> {
  const [row] = await db.delete(captchas).where(eq(captchas.uuid, uuid)).returning();
  if (!row || row.expiresAt.getTime() <= clock.now().getTime()) {
    throw badRequest('The captcha has expired or does not exist; get a new one', 'CAPTCHA_EXPIRED');
  }
  if (row.answer.trim().toLowerCase() !== code.trim().toLowerCase())
    throw badRequest('Captcha is wrong', 'CAPTCHA_WRONG');
}
