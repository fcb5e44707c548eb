// A real SMTP server on loopback for the account tests (a mailer wired to it, mails found by pattern); the notification
// tests use server/test/smtp.ts, which parses headers too.
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../lib/mail.ts';

export type ReceivedMail = { to: string[]; text: string };
export type LoopbackSmtp = {
  mailer: Mailer;
  received: ReceivedMail[];
  /** The first mail (received or arriving within the timeout) to `to` whose text matches. */
  mailTo: (to: string, pattern: RegExp, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
};

/** Quoted-printable undone (soft line breaks and =XX escapes), so links read whole. */
const decode = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startLoopbackSmtp(): Promise<LoopbackSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), text: decode(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Thera Root <no-reply@thera-root.test>', outboxDir: '' });
  const find = (to: string, pattern: RegExp) => received.find((m) => m.to.includes(to.toLowerCase()) && pattern.test(m.text));
  return {
    mailer,
    received,
    async mailTo(to, pattern, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to, pattern);
        if (mail) return mail.text;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
