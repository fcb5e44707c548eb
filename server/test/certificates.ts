// A private certificate authority for tests of TLS: a CA, a server certificate it signed for localhost and 127.0.0.1,
// and a second, unrelated CA (what a wrong DATABASE_CA_FILE would hold). Made with the openssl command line, with
// P-256 keys (made in milliseconds), in a temporary directory `remove()` deletes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type TestCertificates = {
  dir: string;
  caFile: string; otherCaFile: string; certFile: string; keyFile: string;
  read: (file: string) => string;
  remove: () => void;
};

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function makeCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-tls-'));
  const at = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe', timeout: 30_000 });
  for (const ca of ['ca', 'other-ca']) {
    openssl('req', '-x509', ...EC, '-keyout', at(`${ca}.key`), '-out', at(`${ca}.crt`), '-days', '2', '-subj', `/CN=Thera test ${ca}`);
  }
  openssl('req', ...EC, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=localhost');
  fs.writeFileSync(at('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.crt'), '-CAkey', at('ca.key'), '-CAcreateserial',
    '-out', at('server.crt'), '-days', '2', '-extfile', at('server.ext'));
  return {
    dir, caFile: at('ca.crt'), otherCaFile: at('other-ca.crt'), certFile: at('server.crt'), keyFile: at('server.key'),
    read: (file) => fs.readFileSync(file, 'utf8'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
