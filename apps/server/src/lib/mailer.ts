import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail, log: FastifyBaseLogger): Promise<void>;
}

/**
 * Mail through SMTP_URL when it is set. Without it, a message goes to the server log instead, as
 * the configuration documents, so that an operator can pass a code on by hand.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  transport?: Transporter;
}): Mailer {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  const from = options.mailFrom ?? 'no-reply@localhost';
  return {
    async send(mail, log) {
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, `Mail not sent (SMTP_URL is not set): ${mail.text}`);
        return;
      }
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
