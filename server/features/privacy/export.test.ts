// "Download my data" — one ZIP of JSON files with everything the member has here and nothing of anyone else's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { createMailer } from '../../lib/mail.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { mailIn } from '../../test/mail.ts';
import { EXPORT_CHUNK_BYTES, PHOTO_FILE, purgeExpiredExports } from './export.ts';
import { avatarUrl } from './avatar.ts';
import { EXPORT_SECTIONS } from './export-sections.ts';
import { makeFootprint, type Footprint } from './test-fixtures.ts';

let ctx: TestContext;
let member: TestUser;
let other: TestUser;
let third: TestUser;
let mine: Footprint;
let theirs: Footprint;
const call = caller(() => ctx.app);

/** Every file of a ZIP: JSON parsed, the photo as its bytes. */
function unzip(bytes: Buffer): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files: Record<string, unknown> = {};
      zip.on('entry', (entry: yauzl.Entry) => zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const bytes = Buffer.concat(chunks);
          files[entry.fileName] = entry.fileName.endsWith('.json') ? JSON.parse(bytes.toString('utf8')) : bytes;
          zip.readEntry();
        });
      }));
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

async function readyExport(user: TestUser, waitMs = 5000): Promise<string> {
  const started = await call('POST', '/api/users/me/export', user);
  expect(started.status).toBe(202);
  for (let i = 0; i < waitMs / 50; i++) {
    const { body } = await call('GET', '/api/users/me/export', user);
    if (body.export?.status === 'ready') return body.export._id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export never became ready');
}

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createUser(ctx.db);
  other = await createUser(ctx.db);
  third = await createUser(ctx.db);
  mine = await makeFootprint(ctx.db, member, other, 'M');
  // The same kinds of data, between two other members: none of it may appear in the member's copy.
  theirs = await makeFootprint(ctx.db, other, third, 'T');
  await ctx.db.execute(sql`INSERT INTO post_bookmarks (user_id, post_id) VALUES (${member.id}, ${mine.othersPost}), (${other.id}, ${theirs.ownPost})`);
  for (const [user, bytes] of [[member, MEMBER_PHOTO], [other, Buffer.from('RIFF-their-photo')]] as const) await givePhoto(user, bytes);
});

// Stands for the re-encoded WebP the upload stores: the export copies the stored bytes as they are.
const MEMBER_PHOTO = Buffer.from('RIFF\0\0\0\0WEBPVP8 the member photo');

async function givePhoto(user: TestUser, bytes: Buffer) {
  const hash = bytes.toString('hex').slice(0, 32);
  await ctx.db.execute(sql`INSERT INTO avatar_images (user_id, hash, image) VALUES (${user.id}, ${hash}, ${bytes})`);
  await ctx.db.execute(sql`UPDATE users SET avatar = ${avatarUrl(user.id, hash)} WHERE id = ${user.id}`);
}
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/users/me/export and the ZIP', () => {
  let files: Record<string, any>;
  let exportId: string;

  beforeAll(async () => {
    exportId = await readyExport(member);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/me/export/${exportId}`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="thera-root-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    files = await unzip(res.rawPayload);
  });

  it('holds one JSON file per section, and the profile photo', () => {
    expect(Object.keys(files).sort()).toEqual([...EXPORT_SECTIONS.map((s) => s.file), PHOTO_FILE].sort());
  });

  it('has the uploaded profile photo as it is shown, and the bookmarked posts', () => {
    expect(files[PHOTO_FILE]).toEqual(MEMBER_PHOTO);
    expect(files['bookmarks.json']).toEqual([{ postId: mine.othersPost, title: 'Others post M', bookmarkedAt: expect.any(String) }]);
  });

  it('has the profile and licence fields, without the password hash', () => {
    const [{ profile }] = files['profile.json'];
    expect(profile).toMatchObject({ id: member.id, email: member.email, name: member.name, licence_number: expect.stringMatching(/^LIC-/), licensing_body: 'CRPO' });
    expect(profile).not.toHaveProperty('password_hash');
  });

  it('has what the member wrote, liked, joined, made, favoured, submitted and reported', () => {
    const ids = (file: string, key = 'id') => files[file].map((row: any) => row[key]).sort();
    expect(ids('posts.json')).toEqual([mine.ownPost, mine.ownLonelyPost].sort());
    expect(ids('comments.json')).toEqual([mine.ownComment]);
    expect(files['likes.json'].map((l: any) => l.kind).sort()).toEqual(['comment', 'post']);
    expect(files['communities.json'].map((c: any) => [c.id, c.createdByMe]).sort()).toEqual(
      [[mine.communityCreated, true], [mine.communityJoined, false]].sort());
    expect(ids('favourites.json', 'memberId')).toEqual([other.id]);
    expect(ids('blocked-members.json', 'memberId')).toEqual([other.id]);
    expect(ids('resources.json')).toEqual([mine.approvedResource, mine.pendingResource].sort());
    expect(ids('reports-filed.json')).toEqual([mine.report]);
    expect(files['licence-decisions.json']).toHaveLength(1);
    expect(files['audit.json'].map((a: any) => a.action)).toEqual(['name.approve']);
    expect(files['notifications.json'].map((n: any) => n.targetTitle)).toEqual(['Notified M']);
    expect(ids('followed-posts.json', 'postId')).toEqual([mine.othersPost]);
    expect(files['referrals-sent.json']).toEqual([expect.objectContaining({
      id: mine.referralSent, note: 'Sent by M', recipients: [expect.objectContaining({ response: 'accepted', message: 'Yes from the other of M' })] })]);
    expect(files['referrals-received.json']).toEqual([expect.objectContaining({
      id: mine.referralReceived, note: 'Sent to M', myResponse: 'declined', myMessage: 'No from M' })]);
  });

  it('has each conversation with every message in it, both sides', () => {
    expect(files['conversations.json']).toEqual([expect.objectContaining({ id: mine.conversation, withMemberId: other.id })]);
    expect(files['messages.json'].map((m: any) => [m.text, m.sentByMe]).sort()).toEqual([['Answer to M', false], ['Hello from M', true]]);
  });

  it("has the member's access log: the same entries, as GET /api/users/me/access-log shows them", async () => {
    const entries = files['access-log.json'] as { _id: string; action: string; who: string }[];
    expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'export.request', who: { kind: 'you', name: null } })]));
    const shown = (await ctx.app.inject({ url: '/api/users/me/access-log', headers: member.headers })).json().events as { _id: string }[];
    const byId = new Map(shown.map((e) => [e._id, e]));
    // Written since the ZIP (its download), the panel may show more; everything in the file is there as shown.
    for (const entry of entries) expect(byId.get(entry._id)).toEqual(entry);
  });

  it('has the sessions without their tokens', () => {
    expect(files['sessions.json'].length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(files['sessions.json'])).not.toContain('token');
  });

  it('has nothing of anybody else\'s', () => {
    const text = JSON.stringify(files);
    for (const id of [theirs.ownPost, theirs.ownComment, theirs.conversation, theirs.message, theirs.report, theirs.communityCreated,
      theirs.referralSent, theirs.referralReceived]) {
      expect(text).not.toContain(id);
    }
    expect(text).not.toMatch(/ T\b|Hello from T|Report details T/);
    expect(text).not.toContain(other.email);
  });

  it('emails the member when it is ready, naming where to get it', async () => {
    const mail = await mailIn(ctx.outboxDir, member.email, /Your Thera Root data is ready/);
    expect(mail).toContain('/settings/privacy');
  });

  it('is the owner\'s only: another member and an administrator hear 404, a visitor 401', async () => {
    const url = `/api/users/me/export/${exportId}`;
    expect((await call('GET', url, other)).status).toBe(404);
    expect((await call('GET', url, await createAdmin(ctx.db))).status).toBe(404);
    expect((await call('GET', url)).status).toBe(401);
    expect((await call('POST', '/api/users/me/export')).status).toBe(401);
    expect((await call('GET', '/api/users/me/export', other)).body).toEqual({ export: null });
  });

  it('is gone after 24 hours: its stored pieces are removed and the download answers 404', async () => {
    await purgeExpiredExports(ctx, new Date(Date.now() + 24 * 3_600_000 + 1000));
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM data_export_chunks WHERE export_id = ${exportId}`)).toEqual([]);
    const res = await call('GET', `/api/users/me/export/${exportId}`, member);
    expect(res).toEqual({ status: 404, body: { msg: 'This download is not available. Please prepare a new one.', code: 'NOT_FOUND' } });
  });
});

describe('a copy larger than one stored piece', () => {
  it('is stored in order and downloaded whole from another node, which has its own data directory', { timeout: 60_000 }, async () => {
    const writer = await createUser(ctx.db);
    const { conversation } = await makeFootprint(ctx.db, writer, other, 'W');
    // Random hex barely compresses: about 3.8 MB of messages make a ZIP of more than one piece.
    await ctx.db.execute(sql`INSERT INTO messages (conversation_id, sender_id, text)
      SELECT ${conversation}, ${writer.id}, string_agg(md5(random()::text || g || i), '') FROM generate_series(1, 2000) g, generate_series(1, 60) i GROUP BY g`);
    const id = await readyExport(writer, 30_000);
    // The pieces are encrypted (server/lib/crypto): the download is the ZIP's own size, which the export records.
    const [stored] = await queryRows<{ pieces: number; bytes: number }>(ctx.db, sql`SELECT count(*)::int AS pieces,
      (SELECT size_bytes FROM data_exports WHERE id = ${id}) AS bytes FROM data_export_chunks WHERE export_id = ${id}`);
    expect(stored.pieces).toBeGreaterThan(1);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-other-node-'));
    const config = testConfig({ DATA_DIR: dataDir });
    const otherNode = await buildApp({
      config, db: ctx.db, limiter: memoryRateLimiter(), mailer: createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
    });
    try {
      const res = await otherNode.inject({ method: 'GET', url: `/api/users/me/export/${id}`, headers: writer.headers });
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(stored.bytes);
      expect(res.rawPayload.length).toBe(stored.bytes);
      const files = await unzip(res.rawPayload);
      expect((files['messages.json'] as unknown[]).length).toBeGreaterThanOrEqual(2000);
      expect(stored.bytes).toBeGreaterThan(EXPORT_CHUNK_BYTES);
    } finally {
      await otherNode.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A member's export, unzipped. */
async function exportOf(user: TestUser): Promise<Record<string, any>> {
  const id = await readyExport(user);
  const res = await ctx.app.inject({ method: 'GET', url: `/api/users/me/export/${id}`, headers: user.headers });
  return unzip(res.rawPayload);
}

describe('what moderators decided about the member', () => {
  it('leaves out moderators\' notes, how many reported them, and reports dismissed without their knowing', async () => {
    const [reported, reporterA, reporterB, admin] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db), createAdmin(ctx.db)]);
    const report = async (reporter: TestUser) => {
      expect((await call('POST', '/api/reports', reporter, { targetType: 'profile', targetId: reported.id, reason: 'other', details: 'Reporter words' })).status).toBe(201);
      const [row] = await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM reports WHERE reporter_id = ${reporter.id} AND status = 'open'`);
      return row.id;
    };
    await report(reporterA);
    const dismissed = await report(reporterB);
    expect((await call('PATCH', `/api/admin/reports/${dismissed}`, admin, { action: 'dismiss', note: 'Moderator note: looks like a feud' })).status).toBe(200);
    const warned = await report(reporterA);
    expect((await call('PATCH', `/api/admin/reports/${warned}`, admin, { action: 'warn', note: 'Moderator note: second warning' })).status).toBe(200);
    await ctx.db.execute(sql`UPDATE users SET pending_name = 'New Name', pending_name_at = now() WHERE id = ${reported.id}`);
    expect((await call('PATCH', `/api/admin/verifications/${reported.id}/name`, admin, { approved: false })).status).toBeLessThan(300);

    const audit = (await exportOf(reported))['audit.json'] as { action: string; detail: object }[];
    const text = JSON.stringify(audit);
    expect(text).not.toMatch(/Moderator note|Reporter words|"reports"|authorId|note/);
    expect(text).not.toContain(reporterA.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['name.decline', 'report.warn']);
    expect(audit.find((a) => a.action === 'report.warn')?.detail).toEqual({});
    expect(audit.find((a) => a.action === 'name.decline')?.detail).toEqual({ previousName: reported.name, requestedName: 'New Name' });
  });
});

describe('preparing limits', () => {
  it('lets a pending member download their data too', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const id = await readyExport(pending);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/me/export/${id}`, headers: pending.headers })).statusCode).toBe(200);
  });

  it('refuses a second request while one is being prepared, and more than five a day', async () => {
    const busy = await createUser(ctx.db);
    await ctx.db.execute(sql`INSERT INTO data_exports (user_id, expires_at) VALUES (${busy.id}, now() + interval '1 day')`);
    expect((await call('POST', '/api/users/me/export', busy)).status).toBe(409);
    await ctx.db.execute(sql`UPDATE data_exports SET status = 'ready' WHERE user_id = ${busy.id}`);
    await ctx.db.execute(sql`INSERT INTO data_exports (user_id, status, expires_at)
      SELECT ${busy.id}, 'ready', now() + interval '1 day' FROM generate_series(1, 4)`);
    expect((await call('POST', '/api/users/me/export', busy)).status).toBe(429);
  });
});
