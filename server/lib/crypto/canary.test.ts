// The canary: a chat message, a referral note and a data export holding one unique string. The app shows it to its
// members, yet it appears nowhere in what lies on disk: the embedded database's files, a backup archive, or PostgreSQL's
// pg_dump output.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createUser, randomLetters } from '../../test/factories.ts';
import { call, connectClient } from '../../test/sockets.ts';
import { inThrowawayDatabase } from '../../test/template-database.ts';
import { createMailer } from '../mail.ts';
import { memoryRateLimiter } from '../rate-limit.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-canary-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// A referral's needs as the referrals' tests write them (server libraries import no feature).
const NEEDS = { ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', urgency: 'soon' };

// Letters only: a run of digits reads as a phone number to the privacy guard, which then rightly refuses the note.
const newCanary = () => `zq${randomLetters(12)}canary`;

/** Writes the canary through the app (a message, a referral note, an export) and checks members read it back. */
async function writeCanary(database: Database, dataDir: string, canary: string): Promise<void> {
  const config = testConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY_FILE: path.join(dataDir, 'encryption.key') });
  const app = await buildApp({
    config, db: database.db, limiter: memoryRateLimiter(), mailer: createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => app.inject({ method, url, headers, payload });
    const [ann, ben] = [await createUser(database.db), await createUser(database.db, { demographics: ['Teen'], specialties: ['Anxiety'], sessionFormat: ['Online'], licensedRegions: ['ON'] })];
    const conversation = await inject('POST', '/api/conversations', ann.headers, { recipientId: ben.id });
    const address = app.server.address() as { port: number };
    const socket = await connectClient(`http://127.0.0.1:${address.port}`, ann.token);
    const sent = await call(socket, 'sendMessage', { conversationId: conversation.json()._id, text: `Supervision notes ${canary}` });
    socket.disconnect();
    expect(sent.text).toBe(`Supervision notes ${canary}`);
    const referral = await inject('POST', '/api/referrals', ann.headers, { ...NEEDS, note: `Prefers evenings ${canary}`, recipientIds: [ben.id] });
    expect(referral.json().note, referral.body).toBe(`Prefers evenings ${canary}`);
    const page = await inject('GET', `/api/conversations/${conversation.json()._id}/messages`, ben.headers);
    expect(page.json().map((m: { text: string }) => m.text)).toContain(`Supervision notes ${canary}`);
    const search = await inject('GET', `/api/conversations/${conversation.json()._id}/messages/search?q=${canary.slice(2, 10)}`, ben.headers);
    expect(search.json()).toHaveLength(1);

    expect((await inject('POST', '/api/users/me/export', ann.headers)).statusCode).toBe(202);
    let exportId: string | undefined;
    for (let i = 0; i < 600 && !exportId; i++) {
      const latest = (await inject('GET', '/api/users/me/export', ann.headers)).json();
      if (latest.export?.status === 'ready') exportId = latest.export._id;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const download = await inject('GET', `/api/users/me/export/${exportId}`, ann.headers);
    expect(download.statusCode).toBe(200);
    expect(zipHolds(download.rawPayload, canary)).toBe(true);
    // Moved out of the write-ahead log into the table files: what is on disk is what would be read.
    await database.db.execute(sql`CHECKPOINT`);
  } finally {
    await app.close();
  }
}

/** Whether the ZIP holds the text (its files are deflated): unzipped with the system's unzip. */
function zipHolds(zip: Buffer, text: string): boolean {
  const file = path.join(root, `export-${randomBytes(4).toString('hex')}.zip`);
  fs.writeFileSync(file, zip);
  return execFileSync('unzip', ['-p', file]).toString('utf8').includes(text);
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

describe('the canary', () => {
  it('embedded database: nowhere in its files, nor in a backup archive', { timeout: 480_000 }, async () => {
    const canary = newCanary();
    const dataDir = path.join(root, 'embedded');
    const database = await openDatabase({ dataDir });
    await migrate(database.db);
    try {
      await writeCanary(database, dataDir, canary);
    } finally {
      await database.close();
    }
    expect(filesHolding(dataDir, Buffer.from(canary))).toEqual([]);

    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const backup = spawnSync(process.execPath, ['scripts/backup.ts', path.join(root, 'backups')], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect(backup.status, backup.stderr).toBe(0);
    const archive = fs.readFileSync(backup.stdout.trim().split('\n').at(-1)!);
    const tar = gunzipSync(archive);
    expect(archive.includes(canary) || tar.includes(canary)).toBe(false);
    expect(tar.includes('encryption.key')).toBe(false);
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', backup.stdout.trim(), './manifest.json']).toString());
    expect(manifest.encryption.keyFile).toMatch(/^kek-[0-9a-f]{16}$/);
  });

  it.skipIf(!process.env.DATABASE_URL && !process.env.CANARY_POSTGRES_URL)('PostgreSQL: nowhere in pg_dump\'s output', { timeout: 480_000 }, async () => {
    const canary = newCanary();
    const base = process.env.CANARY_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const dump = await inThrowawayDatabase(base, 'crypto_canary', (database) => writeCanary(database, path.join(root, 'pg-data'), canary), (url) =>
      execFileSync('pg_dump', ['--no-owner', url], { maxBuffer: 256 * 1024 * 1024 }));
    expect(dump.includes('encryption_keys')).toBe(true);
    expect(dump.includes(canary)).toBe(false);
  });
});
