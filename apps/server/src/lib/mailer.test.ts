import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer.ts';

const log = () => ({ info: vi.fn() }) as unknown as Parameters<ReturnType<typeof createMailer>['send']>[1];

describe('mailer', () => {
  it('sends through the configured transport, from MAIL_FROM', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent = vi.spyOn(transport, 'sendMail');
    const mailer = createMailer({ smtpUrl: 'smtp://mail.example.com', mailFrom: 'console@example.com', transport });
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Code 123456' }, log());
    expect(sent).toHaveBeenCalledWith({
      from: 'console@example.com',
      to: 'a@example.com',
      subject: 'Hello',
      text: 'Code 123456',
    });
  });

  it('writes the message to the log when SMTP_URL is not set', async () => {
    const logger = log();
    await createMailer({ smtpUrl: undefined, mailFrom: undefined }).send(
      { to: 'a@example.com', subject: 'S', text: 'Code 654321' },
      logger,
    );
    expect(logger.info).toHaveBeenCalledWith(
      { to: 'a@example.com', subject: 'S' },
      'Mail not sent (SMTP_URL is not set): Code 654321',
    );
  });
});
