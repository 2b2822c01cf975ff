import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

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

/** The question drawn as an SVG data URL, hard for a program to read. */
export function captchaImage(question: string): string {
  const svg = renderCaptcha(question, {
    width: 111,
    height: 36,
    fontSize: 40,
    noise: 2,
    color: true,
    background: '#f5f7fa',
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
