// The mailer over SMTP: STARTTLS whenever the server offers it, the certificate checked against SMTP_CA_FILE, and with
// SMTP_REQUIRE_TLS no mail sent over a connection that stayed plain. A real SMTP server on loopback (smtp-server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail.ts';
import { makeCertificates, type TestCertificates } from '../test/certificates.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp.ts';

let certs: TestCertificates;
let starttls: SmtpSink;
let plain: SmtpSink;
const mail = (to: string) => ({ to, subject: 'Hello', text: 'A mail over SMTP' });
const mailer = (url: string, tls: Parameters<typeof createMailer>[0]['smtpTls']) =>
  createMailer({ smtpUrl: url, smtpTls: tls, from: 'Thera Root <no-reply@thera.test>', outboxDir: certs.dir });

beforeAll(async () => {
  certs = makeCertificates();
  starttls = await startSmtpSink({ tls: { key: certs.read(certs.keyFile), cert: certs.read(certs.certFile) } });
  plain = await startSmtpSink();
});
afterAll(async () => {
  await Promise.all([starttls?.close(), plain?.close()]);
  certs?.remove();
});

describe('SMTP transport security', () => {
  it('upgrades with STARTTLS when offered, trusting the given CA', async () => {
    await mailer(starttls.url, { caFile: certs.caFile }).send(mail('tls@thera.test'));
    expect(starttls.to('tls@thera.test').map((m) => m.secure)).toEqual([true]);
  });

  it('refuses a server whose certificate another CA signed, and sends nothing', async () => {
    await expect(mailer(starttls.url, { caFile: certs.otherCaFile }).send(mail('wrong-ca@thera.test'))).rejects.toThrow(/certificate/i);
    expect(starttls.to('wrong-ca@thera.test')).toEqual([]);
  });

  it('sends in plain text to a server without STARTTLS, unless TLS is required', async () => {
    await mailer(plain.url, { caFile: certs.caFile }).send(mail('plain@thera.test'));
    expect(plain.to('plain@thera.test').map((m) => m.secure)).toEqual([false]);
    await expect(mailer(plain.url, { caFile: certs.caFile, required: true }).send(mail('required@thera.test'))).rejects.toThrow();
    expect(plain.to('required@thera.test')).toEqual([]);
    await mailer(starttls.url, { caFile: certs.caFile, required: true }).send(mail('required@thera.test'));
    expect(starttls.to('required@thera.test')).toHaveLength(1);
  });
});
