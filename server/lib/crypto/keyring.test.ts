// The keyring and ciphers against a real database: rotation (a new data key, every key re-wrapped, under the same key
// file or a new one) leaves what was written before readable; streams refuse any change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { randomBytes } from 'node:crypto';
import { seal } from '../secret-box.ts';
import { decrypt, decryptBytes, encrypt, encryptBytes, encryptStream } from './cipher.ts';
import { openTwoFactorSecret } from './fields.ts';
import { newKeyFile, openKeyring, readKeyFile, rotateKeys, writingKey, type Keyring } from './keyring.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-keyring-'));
const config = { encryptionKeyFile: path.join(dir, 'first.key'), dataDir: dir, databaseUrl: undefined, twoFactorKey: undefined };
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let keyring: Keyring;

beforeAll(async () => {
  database = await openTestDatabase();
  keyring = await openKeyring(database.db, config);
});
afterAll(async () => {
  keyring.stop();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const keyIdOf = (stored: string) => stored.split(':')[1];

describe('key rotation', () => {
  it('writes new data under a new key once it is active, and old data stays readable, also under a new key file', async () => {
    expect(keyring.keyFile.created).toBe(true);
    const before = encrypt('written before the rotation', 'ctx-1');
    const first = await rotateKeys(database.db, keyring.keyFile, keyring.keyFile, 0);
    await keyring.refresh();
    const after = encrypt('written after the rotation', 'ctx-2');
    expect(keyIdOf(after)).toBe(first.newKeyId);
    expect(keyIdOf(before)).not.toBe(first.newKeyId);

    // A new key file: every data key re-wrapped under it; the old file is no longer needed.
    const next = newKeyFile(path.join(dir, 'second.key'));
    const second = await rotateKeys(database.db, keyring.keyFile, next, 60_000);
    expect(second.rewrapped).toBe(2);
    const rows = await queryRows<{ kek_id: string }>(database.db, sql`SELECT DISTINCT kek_id FROM encryption_keys`);
    expect(rows.map((r) => r.kek_id)).toEqual([next.kekId]);
    fs.rmSync(config.encryptionKeyFile);
    const reopened = await openKeyring(database.db, { ...config, encryptionKeyFile: next.file });
    reopened.stop();
    expect(decrypt(before, 'ctx-1')).toBe('written before the rotation');
    expect(decrypt(after, 'ctx-2')).toBe('written after the rotation');
    // Not yet active (other nodes get time to learn it): writes stay on the previous key.
    expect(writingKey().id).toBe(first.newKeyId);
    expect(writingKey(Date.now() + 120_000).id).toBe(second.newKeyId);
  });

  it('refuses another key file than the one the keys are wrapped by, naming both', async () => {
    const other = newKeyFile(path.join(dir, 'other.key'));
    await expect(openKeyring(database.db, { ...config, encryptionKeyFile: other.file })).rejects.toThrow(new RegExp(other.kekId));
    expect(() => readKeyFile(path.join(dir, 'absent.key'), { create: false })).toThrow(/does not exist/);
  });
});

describe('the two-factor key', () => {
  it('is adopted from DATA_DIR/two-factor.key, whose file then goes; secrets sealed with it stay readable', async () => {
    const legacy = randomBytes(32);
    const dataDir = fs.mkdtempSync(path.join(dir, 'adopt-'));
    fs.writeFileSync(path.join(dataDir, 'two-factor.key'), legacy.toString('base64'));
    const sealed = seal(legacy, 'JBSWY3DPEHPK3PXP', 'user-1');
    const current = fs.readdirSync(dir).find((f) => f === 'second.key') ? path.join(dir, 'second.key') : config.encryptionKeyFile;
    const adopted = await openKeyring(database.db, { ...config, dataDir, encryptionKeyFile: current });
    adopted.stop();
    expect(fs.existsSync(path.join(dataDir, 'two-factor.key'))).toBe(false);
    expect(openTwoFactorSecret('user-1', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openTwoFactorSecret('user-2', sealed)).toThrow();
  });
});

describe('ciphers', () => {
  it('binds text to its context and passes plain text (a row not yet encrypted) through', () => {
    const stored = encrypt('Hello', 'messages.text\0a');
    expect(stored).toMatch(/^e1:k[0-9a-f]{12}:[\w-]+$/);
    expect(() => decrypt(stored, 'messages.text\0b')).toThrow();
    expect(encrypt('Hello', 'x')).not.toBe(encrypt('Hello', 'x'));
    expect(decrypt('Message removed', 'anything')).toBe('Message removed');
  });

  it('streams in chunks and refuses a changed, reordered or cut stream', async () => {
    const plain = Buffer.alloc(200_000, 'abc');
    const sealed = await encryptBytes(plain, 'archive');
    expect(sealed.includes(Buffer.from('abcabc'))).toBe(false);
    expect((await decryptBytes(sealed, 'archive')).equals(plain)).toBe(true);
    await expect(decryptBytes(sealed, 'another')).rejects.toThrow();
    await expect(decryptBytes(sealed.subarray(0, sealed.length - 30), 'archive')).rejects.toThrow();
    const flipped = Buffer.from(sealed);
    flipped[100] ^= 1;
    await expect(decryptBytes(flipped, 'archive')).rejects.toThrow();
    // As a stream in small pieces, as the backup writes it.
    const parts: Buffer[] = [];
    for await (const part of Readable.from([plain.subarray(0, 7), plain.subarray(7)]).pipe(encryptStream('archive'))) parts.push(part as Buffer);
    expect((await decryptBytes(Buffer.concat(parts), 'archive')).equals(plain)).toBe(true);
  });
});
