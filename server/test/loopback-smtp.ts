// The account tests' view of the loopback SMTP server (server/test/smtp.ts): a mailer wired to it, and the first mail
// to an address whose headers or text match, waiting for it to arrive.
import { createMailer, type Mailer } from '../lib/mail.ts';
import { startSmtpSink, type ReceivedMail } from './smtp.ts';

export type LoopbackSmtp = {
  mailer: Mailer;
  received: ReceivedMail[];
  /** The first mail (received or arriving within the timeout) to `to` whose headers or text match, as text. */
  mailTo: (to: string, pattern: RegExp, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
};

const asText = (mail: ReceivedMail) => `${[...mail.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}\n\n${mail.body}`;

export async function startLoopbackSmtp(): Promise<LoopbackSmtp> {
  const sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url, from: 'Thera Root <no-reply@thera-root.test>', outboxDir: '' });
  const find = (to: string, pattern: RegExp) => sink.to(to).map(asText).find((text) => pattern.test(text));
  return {
    mailer,
    received: sink.mails,
    async mailTo(to, pattern, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = find(to, pattern);
        if (text) return text;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: sink.close,
  };
}
