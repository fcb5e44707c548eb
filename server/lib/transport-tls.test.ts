// The TLS options the database and Redis clients get: sslmode read with libpq's meanings, taken out of the URL (the
// driver would otherwise read it its own way, over the explicit option), and refused at start when unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { makeCertificates, type TestCertificates } from '../test/certificates.ts';
import { postgresTls, redisTls } from './transport-tls.ts';

let certs: TestCertificates;
beforeAll(() => {
  certs = makeCertificates();
});
afterAll(() => certs?.remove());

const BASE = 'postgres://thera:secret@db.internal:5432/thera';

describe('postgresTls', () => {
  it('gives each sslmode its libpq meaning and leaves no TLS parameter in the URL', () => {
    expect(postgresTls(BASE)).toEqual({ connectionString: BASE, ssl: false });
    expect(postgresTls(`${BASE}?sslmode=disable`, certs.caFile)).toEqual({ connectionString: BASE, ssl: false });
    expect(postgresTls(`${BASE}?sslmode=require`)).toEqual({ connectionString: BASE, ssl: { rejectUnauthorized: false } });
    const ca = certs.read(certs.caFile);
    const verifyCa = postgresTls(`${BASE}?sslmode=require`, certs.caFile).ssl;
    expect(verifyCa).toMatchObject({ ca, rejectUnauthorized: true });
    expect(verifyCa && verifyCa.checkServerIdentity?.('db.internal', {} as never)).toBeUndefined();
    expect(postgresTls(`${BASE}?sslmode=verify-full&application_name=thera`, certs.caFile)).toEqual({
      connectionString: `${BASE}?application_name=thera`, ssl: { ca, rejectUnauthorized: true, servername: 'db.internal' },
    });
  });

  it('verifies in full with a CA file and no sslmode, reads the URL\'s sslrootcert, and sends no SNI for an address', () => {
    const ca = certs.read(certs.caFile);
    expect(postgresTls(BASE, certs.caFile).ssl).toEqual({ ca, rejectUnauthorized: true, servername: 'db.internal' });
    const fromUrl = postgresTls(`postgres://thera@127.0.0.1:5432/thera?sslmode=verify-full&sslrootcert=${encodeURIComponent(certs.caFile)}`);
    expect(fromUrl).toEqual({ connectionString: 'postgres://thera@127.0.0.1:5432/thera', ssl: { ca, rejectUnauthorized: true } });
  });
});

describe('redisTls and the settings', () => {
  it('sets TLS for rediss:// only, with the given CA', () => {
    expect(redisTls('redis://127.0.0.1:6379', certs.caFile)).toEqual({});
    expect(redisTls('rediss://127.0.0.1:6380', certs.caFile)).toEqual({ tls: { rejectUnauthorized: true, ca: certs.read(certs.caFile) } });
  });

  it('refuses an sslmode that could fall back to plain text, and a CA file that is not one', () => {
    expect(() => loadConfig({ DATABASE_URL: `${BASE}?sslmode=prefer` })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/DATABASE_CA_FILE/);
    expect(() => loadConfig({ REDIS_CA_FILE: certs.keyFile })).toThrow(/REDIS_CA_FILE/);
    const config = loadConfig({
      DATABASE_URL: `${BASE}?sslmode=verify-full`, DATABASE_CA_FILE: certs.caFile, SMTP_REQUIRE_TLS: '1', ENCRYPTION_KEY_FILE: '/var/lib/thera/encryption.key',
    });
    expect(config).toMatchObject({ databaseCaFile: certs.caFile, smtpTls: { required: true } });
  });
});
