// The encryption key file every node of a fault run shares (ENCRYPTION_KEY_FILE is required with DATABASE_URL), and
// what the harness reads the stored messages with. Fixed bytes, like the nodes' TWO_FACTOR_KEY: written once, the same
// for every run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ENCRYPTION_KEY_FILE = path.join(os.tmpdir(), 'thera-faults-encryption.key');

export function ensureKeyFile(file = ENCRYPTION_KEY_FILE): string {
  if (!fs.existsSync(file)) fs.writeFileSync(file, `${Buffer.alloc(32, 9).toString('base64')}\n`, { mode: 0o600 });
  return file;
}
