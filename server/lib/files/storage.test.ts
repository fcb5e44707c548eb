// The same storage suite on both backends: the database (file_blobs) and S3 (s3rver, through the real AWS SDK client).
// Objects go in encrypted, come back whole or by byte range, stream without being held whole, and are removed.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { openKeyring } from '../crypto/keyring.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { startS3, type TestS3 } from '../../test/s3.ts';
import type { Db } from '../../db/client.ts';
import { getSealed, objectKey, putSealed } from './sealed.ts';
import { openStores, type ObjectStore, type StorageKind } from './storage.ts';

let db: Db;
let s3: TestS3;
const closers: (() => Promise<void> | void)[] = [];
const stores = {} as Record<StorageKind, ObjectStore>;

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  s3 = await startS3();
  const keyring = await openKeyring(db, testConfig());
  const config = testConfig(s3.env);
  const opened = openStores(db, config.files);
  stores.db = opened.of('db');
  stores.s3 = opened.of('s3');
  closers.push(() => keyring.stop(), opened.close, s3.close, database.close);
}, 120_000);
afterAll(async () => {
  for (const close of closers) await close();
});

async function read(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** A stream of `size` pseudo-random bytes made as it is read, never one buffer. */
function generated(size: number, seed: Buffer): Readable {
  let made = 0;
  return new Readable({
    read() {
      if (made >= size) return void this.push(null);
      const n = Math.min(256 * 1024, size - made);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) chunk[i] = seed[(made + i) % seed.length] ^ ((made + i) >> 8);
      made += n;
      this.push(chunk);
    },
  });
}

describe.each(['db', 's3'] as const)('the %s backend', (kind) => {
  it('stores ciphertext, reads the plaintext back whole and by byte ranges across records', async () => {
    const id = crypto.randomUUID();
    const plain = randomBytes(200_000);
    expect(await putSealed(stores[kind], id, 'main', plain)).toBe(plain.length);
    const stored = await read(await stores[kind].get(objectKey(id, 'main')));
    expect(stored.includes(plain.subarray(0, 32))).toBe(false);
    expect(stored.length).toBeGreaterThan(plain.length);
    expect((await read(await getSealed(stores[kind], id, 'main'))).equals(plain)).toBe(true);
    for (const [start, end] of [[0, 0], [10, 99], [65_530, 65_545], [131_072, 199_999], [199_999, 199_999]]) {
      const part = await read(await getSealed(stores[kind], id, 'main', { start, end }));
      expect(part.equals(plain.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('streams a 12 MB object in and out (multipart on S3) and removes it', async () => {
    const id = crypto.randomUUID();
    const seed = randomBytes(4099);
    const size = 12 * 1024 * 1024 + 17;
    expect(await putSealed(stores[kind], id, 'main', generated(size, seed))).toBe(size);
    const back = await read(await getSealed(stores[kind], id, 'main'));
    expect(back.equals(await read(generated(size, seed)))).toBe(true);
    expect(await stores[kind].keys()).toContain(id);
    await stores[kind].delete([objectKey(id, 'main'), 'not-there']);
    expect(await stores[kind].keys()).not.toContain(id);
  }, 120_000);

  it('takes ten uploads at once, more than a node runs together on S3, and keeps each whole', async () => {
    const files = Array.from({ length: 10 }, (_, n) => ({ id: crypto.randomUUID(), seed: randomBytes(1021 + n), size: 6 * 1024 * 1024 + n }));
    const sizes = await Promise.all(files.map((f) => putSealed(stores[kind], f.id, 'main', generated(f.size, f.seed))));
    expect(sizes).toEqual(files.map((f) => f.size));
    for (const f of files) {
      expect((await read(await getSealed(stores[kind], f.id, 'main'))).equals(await read(generated(f.size, f.seed)))).toBe(true);
    }
    await stores[kind].delete(files.map((f) => objectKey(f.id, 'main')));
  }, 180_000);

  it('refuses an object bound to another file (moved or copied ciphertext does not decrypt)', async () => {
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await putSealed(stores[kind], a, 'main', Buffer.from('private words'));
    const sealed = await read(await stores[kind].get(a));
    await stores[kind].put(b, Readable.from([sealed]));
    await expect(read(await getSealed(stores[kind], b, 'main'))).rejects.toThrow();
  });

  it('leaves no object behind when the source fails midway', async () => {
    const id = crypto.randomUUID();
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(putSealed(stores[kind], id, 'main', failing)).rejects.toThrow();
    expect(await stores[kind].keys()).not.toContain(id);
  });
});
