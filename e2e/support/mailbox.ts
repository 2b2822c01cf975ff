import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as sent: headers and body. */
  raw: string;
}

/**
 * An SMTP server on `port` that keeps what the console's server mails, for a journey that has
 * to read a code from a message. Each worker's server mails to a port of its own.
 */
export async function openMailbox(port: number) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    /** The mails sent to `address` so far, oldest first. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
