import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { FastifyBaseLogger } from 'fastify';

/** `headers`: extra headers such as List-Unsubscribe (RFC 8058). */
export type Mail = { to: string; subject: string; text: string; link?: string; headers?: Record<string, string> };
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** `caFile`: the CA the SMTP server's certificate is checked against; `required`: never send without TLS. */
export type SmtpTls = { caFile?: string; required?: boolean };

/** SMTP when a URL is configured; otherwise each mail becomes an .eml file in the outbox folder. */
export function createMailer(opts: { smtpUrl?: string; smtpTls?: SmtpTls; from: string; outboxDir: string; log?: FastifyBaseLogger }): Mailer {
  return opts.smtpUrl ? smtpMailer(opts.smtpUrl, opts.from, opts.smtpTls) : outboxMailer(opts.outboxDir, opts.from, opts.log);
}

/**
 * smtp:// upgrades with STARTTLS whenever the server offers it (nodemailer's default, unless the URL says
 * ignoreTLS); smtps:// is TLS from the start. Either way the certificate is verified, against `caFile` when given.
 */
function smtpMailer(url: string, from: string, tls: SmtpTls = {}): Mailer {
  // Parsed here: given a `url`, createTransport ignores every option beside it.
  const options = parseConnectionUrl(url);
  const transport = nodemailer.createTransport({
    ...options,
    ...(tls.required ? { requireTLS: true } : {}),
    tls: { ...options.tls, rejectUnauthorized: true, ...(tls.caFile ? { ca: fsSync.readFileSync(tls.caFile, 'utf8') } : {}) },
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers });
    },
  };
}

function outboxMailer(dir: string, from: string, log?: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // Development aid only: with no SMTP server the link is the way to follow the mail.
      log?.info({ file, link: mail.link }, 'mail written to outbox');
    },
  };
}
