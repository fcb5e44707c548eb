// A real SMTP server on loopback for tests: the app's nodemailer SMTP transport delivers to it, and the test reads
// what arrived (headers and body decoded: quoted-printable or base64, UTF-8, encoded words in headers).
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** `secure`: the mail came over TLS (STARTTLS). */
export type ReceivedMail = { to: string; raw: string; subject: string; headers: Map<string, string>; body: string; secure: boolean };

export type SmtpSink = { url: string; mails: ReceivedMail[]; to: (email: string) => ReceivedMail[]; clear: () => void; close: () => Promise<void> };

/** Quoted-printable to bytes, read as UTF-8 (a French mail's "é" is two encoded bytes). */
const fromQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** A header's RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) as text. */
const decodeWords = (value: string) => value
  .replace(/\?=\s+=\?/g, '?==?')
  .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) => (kind.toUpperCase() === 'B'
    ? Buffer.from(data, 'base64').toString('utf8')
    : fromQuotedPrintable(data.replace(/_/g, ' '))));

function parse(to: string, raw: string, secure: boolean): ReceivedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), decodeWords(line.slice(at + 1).trim()));
  }
  const encoded = rest.join('\n\n').replace(/\r\n/g, '\n');
  const body = /base64/i.test(headers.get('content-transfer-encoding') ?? '')
    ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8')
    : fromQuotedPrintable(encoded);
  return { to, raw, subject: headers.get('subject') ?? '', headers, body, secure };
}

/** With `tls` (a PEM key and certificate) the sink offers STARTTLS; without, it speaks plain SMTP only. */
export async function startSmtpSink({ tls }: { tls?: { key: string; cert: string } } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: tls ? ['AUTH'] : ['STARTTLS', 'AUTH'], logger: false, ...(tls ?? {}),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) mails.push(parse(rcpt.address, Buffer.concat(chunks).toString('utf8'), session.secure));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (email) => mails.filter((m) => m.to.toLowerCase() === email.toLowerCase()),
    clear: () => void mails.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
