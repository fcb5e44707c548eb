// The keys of encryption at rest (docs/decisions/0185). A key-encryption key (KEK) lives only in ENCRYPTION_KEY_FILE;
// it wraps the data keys kept in the database (encryption_keys). A node unwraps them once, at start and on each
// refresh, and holds them in memory: encrypting a message costs no database round trip. One process serves one
// database, so the unwrapped keys are this module's state (tests that open several databases in one process only add
// keys: ids are random, so they never collide).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { encryptionKeys } from '../../db/schema.ts';

export type KeyFile = { kek: Buffer; kekId: string; file: string; created: boolean };
type KeyRow = SqlRow<typeof encryptionKeys, 'id' | 'wrapped' | 'kek_id' | 'purpose' | 'active_from'>;
type DataKey = { id: string; key: Buffer; activeFrom: number };

export const LEGACY_TWO_FACTOR_KEY_ID = 'two-factor';
// How long after a rotation nodes keep writing with the previous key: every node refreshes well within it, so none
// meets a key id it does not know yet.
const ROTATION_DELAY_MS = 2 * 60_000;
const REFRESH_MS = 30_000;

const keys = new Map<string, Buffer>();
let writing: DataKey[] = [];

/** ENCRYPTION_KEY_FILE, else DATA_DIR/encryption.key (the embedded database's default). */
export const keyFilePath = (config: Pick<Config, 'encryptionKeyFile' | 'dataDir'>) => config.encryptionKeyFile ?? path.join(config.dataDir, 'encryption.key');

const fingerprint = (kek: Buffer) => `kek-${createHash('sha256').update('thera-root kek\0').update(kek).digest('hex').slice(0, 16)}`;

/** The KEK; created (32 random bytes, base64, owner-only) when `create` and the file is not there. */
export function readKeyFile(file: string, { create }: { create: boolean }): KeyFile {
  let created = false;
  if (create && !fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole beside it, then linked into place: a process starting at the same moment reads all of it or none.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(partial, file);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(partial);
    }
  }
  if (!fs.existsSync(file)) {
    throw new Error(`The encryption key file ${file} does not exist. Create it once and give every node the same copy: `
      + `node -e "console.log(require('crypto').randomBytes(32).toString('base64'))" > ${file} && chmod 600 ${file}`);
  }
  const kek = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (kek.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64)`);
  return { kek, kekId: fingerprint(kek), file, created };
}

export const newKeyFile = (file: string) => readKeyFile(file, { create: true });

const wrapAad = (id: string, purpose: string) => Buffer.from(`encryption_keys\0${id}\0${purpose}`);

export function wrap(kek: Buffer, id: string, purpose: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv).setAAD(wrapAad(id, purpose));
  return Buffer.concat([iv, cipher.update(key), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

export function unwrap(kek: KeyFile, row: Pick<KeyRow, 'id' | 'wrapped' | 'kek_id' | 'purpose'>): Buffer {
  if (row.kek_id !== kek.kekId) {
    throw new Error(`Encryption key ${row.id} is wrapped by the key file ${row.kek_id}, but ${kek.file} holds ${kek.kekId}: `
      + 'set ENCRYPTION_KEY_FILE to the file this database was encrypted with.');
  }
  const bytes = Buffer.from(row.wrapped, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', kek.kek, bytes.subarray(0, 12)).setAAD(wrapAad(row.id, row.purpose));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
}

const newKeyId = () => `k${randomBytes(6).toString('hex')}`;

async function insertKey(db: Db, kek: KeyFile, id: string, purpose: string, key: Buffer, activeFrom: Date): Promise<void> {
  await db.execute(sql`INSERT INTO encryption_keys (id, wrapped, kek_id, purpose, active_from)
    VALUES (${id}, ${wrap(kek.kek, id, purpose, key)}, ${kek.kekId}, ${purpose}, ${activeFrom.toISOString()}::timestamptz)
    ON CONFLICT (id) DO NOTHING`);
}

/**
 * `opening`: every key is checked against the key file, even one this process knows (a start with the wrong file must
 * fail). A refresh keeps the keys it knows: after a rotation to a new key file, a node still on the old one goes on
 * reading and writing with them until it is restarted with the new file.
 */
async function readKeys(db: Db, kek: KeyFile, opening: boolean): Promise<void> {
  const rows = await queryRows<KeyRow>(db, sql`SELECT id, wrapped, kek_id, purpose, active_from FROM encryption_keys`);
  const data: DataKey[] = [];
  for (const row of rows) {
    const known = keys.get(row.id);
    if (known === undefined && !opening && row.kek_id !== kek.kekId) continue;
    const key = known && !opening ? known : unwrap(kek, row);
    keys.set(row.id, key);
    if (row.purpose === 'data') data.push({ id: row.id, key, activeFrom: new Date(row.active_from).getTime() });
  }
  writing = data.sort((a, b) => b.activeFrom - a.activeFrom);
}

/**
 * Two-factor sign-in had its own key (TWO_FACTOR_KEY or DATA_DIR/two-factor.key): it becomes one of the wrapped keys,
 * so the secrets sealed with it stay readable, and its file goes (an operator keeps one key file).
 */
async function adoptTwoFactorKey(db: Db, kek: KeyFile, config: Pick<Config, 'twoFactorKey' | 'dataDir'>): Promise<void> {
  const file = path.join(config.dataDir, 'two-factor.key');
  const fromFile = fs.existsSync(file) ? Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64') : undefined;
  const legacy = config.twoFactorKey ? Buffer.from(config.twoFactorKey, 'base64') : fromFile;
  if (!legacy || legacy.length !== 32) return;
  const [known] = await queryRows(db, sql`SELECT 1 FROM encryption_keys WHERE id = ${LEGACY_TWO_FACTOR_KEY_ID}`);
  if (!known) await insertKey(db, kek, LEGACY_TWO_FACTOR_KEY_ID, 'two-factor', legacy, new Date(0));
  if (fromFile) fs.rmSync(file);
}

export type Keyring = { keyFile: KeyFile; refresh: () => Promise<void>; stop: () => void };

/**
 * At start: the KEK (created for the embedded database when absent), a first data key when there is none, the old
 * two-factor key adopted; then every key unwrapped, and refreshed every 30 s to learn keys other nodes rotated in.
 */
export async function openKeyring(db: Db, config: Pick<Config, 'encryptionKeyFile' | 'dataDir' | 'databaseUrl' | 'twoFactorKey'>): Promise<Keyring> {
  const [any] = await queryRows(db, sql`SELECT 1 FROM encryption_keys WHERE purpose = 'data' LIMIT 1`);
  // Never a new key file for a database that has keys (a restore started without its key file): that one is needed.
  const keyFile = readKeyFile(keyFilePath(config), { create: !config.databaseUrl && !any });
  await adoptTwoFactorKey(db, keyFile, config);
  if (!any) await insertKey(db, keyFile, newKeyId(), 'data', randomBytes(32), new Date(0));
  await readKeys(db, keyFile, true);
  const refresh = () => readKeys(db, keyFile, false);
  const timer = setInterval(() => void refresh().catch(() => {}), REFRESH_MS);
  timer.unref();
  return { keyFile, refresh, stop: () => clearInterval(timer) };
}

/** The key new data is encrypted with: the newest whose time has come. */
export function writingKey(now = Date.now()): { id: string; key: Buffer } {
  const key = writing.find((k) => k.activeFrom <= now) ?? writing[writing.length - 1];
  if (!key) throw new Error('encryption keys not loaded (openKeyring runs at start)');
  return key;
}

export function keyById(id: string): Buffer {
  const key = keys.get(id);
  if (!key) throw new Error(`encryption key ${id} is unknown to this node`);
  return key;
}

/**
 * `npm run keys:rotate`: a new data key (new writes use it after ROTATION_DELAY_MS) and every key re-wrapped, under
 * `next` when given (a new key file: the old one may then go), else under the same KEK with fresh IVs. Data already
 * written keeps its key id and stays readable.
 */
export async function rotateKeys(db: Db, current: KeyFile, next: KeyFile = current, delayMs = ROTATION_DELAY_MS): Promise<{ newKeyId: string; rewrapped: number }> {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`LOCK TABLE encryption_keys IN EXCLUSIVE MODE`);
    const rows = await queryRows<KeyRow>(t, sql`SELECT id, wrapped, kek_id, purpose, active_from FROM encryption_keys`);
    for (const row of rows) {
      const key = unwrap(current, row);
      await t.execute(sql`UPDATE encryption_keys SET wrapped = ${wrap(next.kek, row.id, row.purpose, key)}, kek_id = ${next.kekId}
        WHERE id = ${row.id}`);
    }
    const id = newKeyId();
    const [{ now }] = await queryRows<{ now: Date | string }>(t, sql`SELECT now() AS now`);
    await insertKey(t, next, id, 'data', randomBytes(32), new Date(new Date(now).getTime() + delayMs));
    return { newKeyId: id, rewrapped: rows.length };
  });
}
