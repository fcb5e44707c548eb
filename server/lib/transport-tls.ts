// TLS to the services the app connects to (README "Running behind TLS"). PostgreSQL: node-postgres reads `sslmode`
// from the URL its own way (its 'require' verifies like 'verify-full', and it reads `sslrootcert` itself), and a URL's
// settings override the ones passed beside it; so the TLS parameters are taken out of the URL here and given to the
// driver as one explicit `ssl` option with libpq's meanings. Redis: `rediss://` with the CA of REDIS_CA_FILE.
import fs from 'node:fs';
import net from 'node:net';
import type { ConnectionOptions } from 'node:tls';

export const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
type SslMode = (typeof SSL_MODES)[number];
const TLS_PARAMS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'uselibpqcompat', 'ssl'];

/** The URL's sslmode, when it names one this app supports (config.ts refuses any other). */
function sslModeOf(url: string): SslMode | undefined {
  const mode = new URL(url).searchParams.get('sslmode');
  return (SSL_MODES as readonly string[]).includes(mode ?? '') ? (mode as SslMode) : undefined;
}

const readCa = (file: string) => fs.readFileSync(file, 'utf8');

/**
 * The pool's `connectionString` without TLS parameters and its `ssl` option. With a CA file (DATABASE_CA_FILE, or the
 * URL's sslrootcert) and no sslmode, the server is verified in full; 'require' encrypts without verifying unless a CA
 * is given (then it is 'verify-ca'), as libpq does.
 */
export function postgresTls(url: string, caFile?: string): { connectionString: string; ssl: ConnectionOptions | false } {
  const parsed = new URL(url);
  const caPath = caFile ?? parsed.searchParams.get('sslrootcert') ?? undefined;
  let mode: SslMode | undefined = sslModeOf(url) ?? (caPath ? 'verify-full' : undefined);
  for (const param of TLS_PARAMS) parsed.searchParams.delete(param);
  const connectionString = parsed.toString();
  if (mode === 'require' && caPath) mode = 'verify-ca';
  if (!mode || mode === 'disable') return { connectionString, ssl: false };
  if (mode === 'require') return { connectionString, ssl: { rejectUnauthorized: false } };
  const ca = caPath ? { ca: readCa(caPath) } : {};
  // verify-ca: the chain only; the name on the certificate is not compared with the host.
  if (mode === 'verify-ca') return { connectionString, ssl: { ...ca, rejectUnauthorized: true, checkServerIdentity: () => undefined } };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  // SNI carries names only; an address is still checked against the certificate's IP entries.
  return { connectionString, ssl: { ...ca, rejectUnauthorized: true, ...(net.isIP(host) ? {} : { servername: host }) } };
}

/** ioredis's `tls` option for a rediss:// URL: the given CA, the host name checked (Node's default). */
export function redisTls(url: string, caFile?: string): { tls?: ConnectionOptions } {
  if (new URL(url).protocol !== 'rediss:') return {};
  return { tls: { rejectUnauthorized: true, ...(caFile ? { ca: readCa(caFile) } : {}) } };
}
