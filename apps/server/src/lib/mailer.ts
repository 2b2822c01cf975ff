import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (a report). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
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
  // nodemailer is loaded with the first mail sent, not while the server starts.
  let transport = options.transport && Promise.resolve(options.transport);
  const from = options.mailFrom ?? 'no-reply@localhost';
  return {
    async send(mail, log) {
      if (!transport) {
        const url = options.smtpUrl;
        if (!url) {
          log.info({ to: mail.to, subject: mail.subject }, `Mail not sent (SMTP_URL is not set): ${mail.text}`);
          return;
        }
        transport = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      }
      await (await transport).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments && { attachments: mail.attachments }),
      });
    },
  };
}
