// The files canary: a document holding one unique string is uploaded, sent in a message and opened by the other member,
// yet the string appears nowhere at rest: not in the embedded database's files, not in the S3 bucket's objects (s3rver
// keeps them on disk), not in PostgreSQL's pg_dump output. Files are sealed in the node before they are stored
// (docs/decisions/0220-documents-storage.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createMailer } from '../../lib/mail.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import { createUser, randomLetters } from '../../test/factories.ts';
import { startS3 } from '../../test/s3.ts';
import { inThrowawayDatabase } from '../../test/template-database.ts';
import { download, uploadAs } from './test-helpers.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-files-canary-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// Letters only: a run of digits reads as a phone number to the privacy guard.
const newCanary = () => `zq${randomLetters(12)}filecanary`;

/** A text document of about 300 KB (several 64 KB cipher records) with the canary at its start, middle and end. */
function document(canary: string): Buffer {
  const filler = 'The client prefers evening sessions and written summaries.\n'.repeat(2_500);
  return Buffer.from(`${canary}\n${filler}${canary}\n${filler}${canary}\n`);
}

/** Uploads the document as one member, sends it to another in a chat message, and checks they read it back whole. */
async function storeCanary(database: Database, dataDir: string, canary: string, env: Record<string, string> = {}): Promise<void> {
  const config = testConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY_FILE: path.join(dataDir, 'encryption.key'), ...env });
  const app = await buildApp({
    config, db: database.db, limiter: memoryRateLimiter(), mailer: createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
  });
  await app.ready();
  try {
    const [ann, ben] = [await createUser(database.db), await createUser(database.db)];
    const bytes = document(canary);
    const up = await uploadAs(app, ann, 'intake-summary.txt', bytes);
    expect(up.status, up.body.msg).toBe(201);
    const conversation = await app.inject({ method: 'POST', url: '/api/conversations', headers: ann.headers, payload: { recipientId: ben.id } });
    const sent = await app.inject({
      method: 'POST', url: `/api/conversations/${conversation.json()._id}/messages`, headers: ann.headers, payload: { attachmentIds: [up.body._id] },
    });
    expect(sent.statusCode).toBe(201);
    const got = await download(app, ben, up.body._id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    // Moved out of the write-ahead log into the table files: what is on disk is what would be read.
    await database.db.execute(sql`CHECKPOINT`);
  } finally {
    await app.close();
  }
}

function filesHolding(dir: string, needle: Buffer): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(needle)) found.push(file);
  }
  return found;
}

/** Objects in the bucket's folder (s3rver: `KEY._S3rver_object`, with its metadata beside it). */
const objectCount = (dir: string) => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('._S3rver_object')).length;

describe('the files canary', () => {
  it('embedded database: nowhere in its files', { timeout: 240_000 }, async () => {
    const canary = newCanary();
    const dataDir = path.join(root, 'embedded');
    const database = await openDatabase({ dataDir });
    await migrate(database.db);
    try {
      await storeCanary(database, dataDir, canary, { FILE_STORAGE: 'db' });
    } finally {
      await database.close();
    }
    expect(filesHolding(dataDir, Buffer.from(canary))).toEqual([]);
  });

  it('S3: nowhere in the bucket\'s objects, nor in the database beside it', { timeout: 240_000 }, async () => {
    const canary = newCanary();
    const dataDir = path.join(root, 'with-s3');
    const s3 = await startS3();
    const database = await openDatabase({ dataDir });
    await migrate(database.db);
    try {
      await storeCanary(database, dataDir, canary, s3.env);
      // The file went to the bucket (the check below is not passing on an empty folder).
      expect(objectCount(s3.dir)).toBeGreaterThan(0);
      expect(filesHolding(s3.dir, Buffer.from(canary))).toEqual([]);
    } finally {
      await database.close();
      await s3.close();
    }
    expect(filesHolding(dataDir, Buffer.from(canary))).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL && !process.env.CANARY_POSTGRES_URL)('PostgreSQL: nowhere in pg_dump\'s output', { timeout: 240_000 }, async () => {
    const canary = newCanary();
    const base = process.env.CANARY_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const dump = await inThrowawayDatabase(base, 'files_canary', (database) => storeCanary(database, path.join(root, 'pg-data'), canary, { FILE_STORAGE: 'db' }), (url) =>
      execFileSync('pg_dump', ['--no-owner', url], { maxBuffer: 256 * 1024 * 1024 }));
    expect(dump.includes('file_blobs')).toBe(true);
    expect(dump.includes(canary)).toBe(false);
  });
});
