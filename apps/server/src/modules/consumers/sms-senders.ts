import { createHmac } from 'node:crypto';

/** How a text message reaches a phone. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

export interface SandboxMessage {
  phone: string;
  text: string;
  sentAt: number;
}

/** The most messages the sandbox keeps (the oldest go first). */
const SANDBOX_KEPT = 500;

/**
 * The sandbox sender of demonstrations and tests: nothing leaves the server; each message waits
 * in an inbox the sandbox page (and the tests) read by phone. It lives in this process only: a
 * demonstration runs one.
 */
export class SandboxSms implements SmsSender {
  readonly #messages: SandboxMessage[] = [];

  constructor(private readonly now: () => Date) {}

  async send(phone: string, text: string): Promise<void> {
    this.#messages.push({ phone, text, sentAt: this.now().getTime() });
    if (this.#messages.length > SANDBOX_KEPT) this.#messages.shift();
  }

  /** The messages sent to a phone, newest first. */
  inbox(phone: string): SandboxMessage[] {
    return this.#messages.filter((message) => message.phone === phone).reverse();
  }
}

/** The header carrying `t=<ms>,v1=<hex HMAC-SHA256 of "<ms>.<body>">` under the webhook's secret. */
export const SMS_SIGNATURE_HEADER = 'x-sms-signature';

/** The signature of a webhook body sent at `at` (ms). */
export function smsSignature(secret: string, at: number, body: string): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/**
 * A generic SMS gateway reached by webhook: each message is POSTed as JSON `{ phone, text }` to
 * the URL, signed with the shared secret (`X-Sms-Signature`), so the receiver can check it came
 * from us and is fresh. Anything but a 2xx within five seconds is a failure.
 */
export function webhookSms(url: string, secret: string, now: () => Date): SmsSender {
  return {
    async send(phone, text) {
      const body = JSON.stringify({ phone, text });
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SMS_SIGNATURE_HEADER]: smsSignature(secret, now().getTime(), body),
        },
        body,
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`the SMS webhook answered ${response.status}`);
    },
  };
}
