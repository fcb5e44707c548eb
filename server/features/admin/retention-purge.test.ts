// The daily retention purge, run by the job queue at controlled moments (`runDue(at)`): each kind is removed past its
// retention and kept before it; a member under legal hold keeps everything until released; one audit entry per run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { RETENTION_DEFAULTS, type RetentionSettings } from '../../../common/retention.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { createJobQueue, dailyAtUtc } from '../../lib/jobs.ts';
import { createCaches } from '../../lib/caches.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { PURGE_BATCH, RETENTION_JOB, runRetentionPurge } from './retention-purge.ts';

let ctx: TestContext;
let admin: TestUser;
const call = caller(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
// Each run is a later day's 03:30 UTC, when the recurring job is due: the queue runs it once per day.
const FIRST_RUN = dailyAtUtc(3, 30)(new Date(Date.now() + DAY)).getTime();
let runs = 0;
const nextRun = () => new Date(FIRST_RUN + (runs++) * DAY);
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY).toISOString();
const FOREVER: RetentionSettings = { chatMessagesDays: 0, notificationsDays: 0, closedReferralsDays: 0, dataExportsDays: 0, endedSessionsDays: 0, auditYears: 6 };

async function retain(settings: Partial<RetentionSettings>) {
  expect((await call('PUT', '/api/admin/retention', admin, { ...FOREVER, ...settings })).status).toBe(200);
}
/** Runs the queue at `at`; answers the purge's audit entry of that day (undefined when nothing was removed). */
async function purgeAt(at: Date) {
  await ctx.app.jobs.runDue(at);
  const [entry] = await ctx.db.select().from(auditLog)
    .where(and(eq(auditLog.action, 'retention.purge'), eq(auditLog.targetId, at.toISOString().slice(0, 10)))).orderBy(desc(auditLog.createdAt)).limit(1);
  return entry as (typeof entry & { detail: { counts: Record<string, number>; complete: boolean } }) | undefined;
}
const exists = async (table: string, id: string) =>
  (await queryRows(ctx.db, sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id}`)).length === 1;

async function conversation(a: TestUser, b: TestUser, updatedAt: string) {
  const [row] = await queryRows<{ id: string }>(ctx.db, sql`INSERT INTO conversations (pair_key, updated_at)
    VALUES (${[a.id, b.id].sort().join(':')}, ${updatedAt}) RETURNING id`);
  await ctx.db.execute(sql`INSERT INTO conversation_participants (conversation_id, user_id) VALUES (${row.id}, ${a.id}), (${row.id}, ${b.id})`);
  return row.id;
}
async function message(conversationId: string, sender: TestUser, at: string, text = 'A message') {
  const [row] = await queryRows<{ id: string }>(ctx.db, sql`INSERT INTO messages (conversation_id, sender_id, text, created_at)
    VALUES (${conversationId}, ${sender.id}, ${text}, ${at}) RETURNING id`);
  await ctx.db.execute(sql`UPDATE conversations SET last_message_id = ${row.id} WHERE id = ${conversationId} AND updated_at <= ${at}`);
  return row.id;
}
async function notification(user: TestUser, at: string, target: { kind: string; id: string } = { kind: 'post', id: crypto.randomUUID() }) {
  const [row] = await queryRows<{ id: string }>(ctx.db, sql`INSERT INTO notifications (user_id, type, target_kind, target_id, target_title, target_url, created_at)
    VALUES (${user.id}, 'postLike', ${target.kind}, ${target.id}, 'A post', '/post/x', ${at}) RETURNING id`);
  return row.id;
}
async function referral(sender: TestUser, status: 'open' | 'placed' | 'withdrawn', changedAt: string, recipient?: TestUser) {
  const [row] = await queryRows<{ id: string }>(ctx.db, sql`INSERT INTO referrals (sender_id, age_group, concerns, session_formats, region, status, expires_at, updated_at, created_at)
    VALUES (${sender.id}, 'adult', '{anxiety}', '{virtual}', 'ON', ${status}, ${changedAt}, ${changedAt}, ${changedAt}) RETURNING id`);
  if (recipient) await ctx.db.execute(sql`INSERT INTO referral_recipients (referral_id, recipient_id, response, message) VALUES (${row.id}, ${recipient.id}, 'accepted', 'I can see them')`);
  return row.id;
}
async function dataExport(user: TestUser, at: string) {
  const [row] = await queryRows<{ id: string }>(ctx.db, sql`INSERT INTO data_exports (user_id, status, size_bytes, created_at, expires_at)
    VALUES (${user.id}, 'ready', 3, ${at}, ${at}::timestamptz + interval '1 day') RETURNING id`);
  await ctx.db.execute(sql`INSERT INTO data_export_chunks (export_id, seq, bytes) VALUES (${row.id}, 0, '\\x010203')`);
  return row.id;
}
async function session(user: TestUser, createdAt: string, lastUsedAt: string) {
  const [row] = await queryRows<{ id: string }>(ctx.db, sql`INSERT INTO sessions (user_id, token_hash, created_at, last_used_at)
    VALUES (${user.id}, ${crypto.randomUUID()}, ${createdAt}, ${lastUsedAt}) RETURNING id`);
  return row.id;
}
async function auditEntry(at: string) {
  const [row] = await queryRows<{ id: string }>(ctx.db, sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, created_at)
    VALUES (${admin.id}, 'user.disable', 'user', ${admin.id}, ${at}) RETURNING id`);
  return row.id;
}

describe('the daily retention purge', () => {
  it('is a daily job run by one node only, and keeps everything while every kind is kept for ever', async () => {
    const at = nextRun();
    await retain({});
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const old = daysBefore(at, 5000);
    const chat = await conversation(a, b, old);
    const msg = await message(chat, a, old);
    const note = await notification(a, old);
    // A second node on the same database: the recurring row is claimed by one of them.
    let secondNodeRan = 0;
    const other = createJobQueue(ctx.db, { error: () => undefined });
    other.recurring(RETENTION_JOB, dailyAtUtc(3, 30), async () => void secondNodeRan++);
    await Promise.all([ctx.app.jobs.runDue(at), other.runDue(at)]);
    const [after] = await queryRows<{ run_at: string }>(ctx.db, sql`SELECT run_at FROM jobs WHERE key = ${`recurring:${RETENTION_JOB}`}`);
    // Its next turn: the next day at 03:30 UTC.
    expect(new Date(after.run_at).getTime()).toBe(at.getTime() + DAY);
    expect(await exists('messages', msg)).toBe(true);
    expect(await exists('notifications', note)).toBe(true);
    expect(secondNodeRan).toBeLessThanOrEqual(1);
    // Out of the way of the runs below, which keep less.
    await ctx.db.execute(sql`DELETE FROM conversations WHERE id = ${chat}`);
    await ctx.db.execute(sql`DELETE FROM notifications WHERE id = ${note}`);
  });

  it('chat messages: older ones go, the preview and unread counts follow, an emptied conversation goes, a reported message stays', async () => {
    const at = nextRun();
    await retain({ chatMessagesDays: 30 });
    const [a, b] = [await createUser(ctx.db), await createUser(ctx.db)];
    const [c, d] = [await createUser(ctx.db), await createUser(ctx.db)];
    const kept = await conversation(a, b, daysBefore(at, 1));
    const old = [await message(kept, a, daysBefore(at, 45), 'Old one'), await message(kept, a, daysBefore(at, 40), 'Old two')];
    const fresh = await message(kept, a, daysBefore(at, 1), 'Fresh');
    await ctx.db.execute(sql`UPDATE conversation_participants SET unread_count = 3 WHERE conversation_id = ${kept} AND user_id = ${b.id}`);
    const emptied = await conversation(c, d, daysBefore(at, 60));
    await message(emptied, c, daysBefore(at, 61));
    await message(emptied, d, daysBefore(at, 60));
    const [e, f] = [await createUser(ctx.db), await createUser(ctx.db)];
    const reported = await conversation(e, f, daysBefore(at, 90));
    const reportedMsg = await message(reported, e, daysBefore(at, 90));
    await ctx.db.execute(sql`INSERT INTO reports (reporter_id, target_type, target_id, target_author_id, reason) VALUES (${f.id}, 'message', ${reportedMsg}, ${e.id}, 'harassment')`);

    const entry = await purgeAt(at);
    expect(entry?.detail.counts).toMatchObject({ chatMessages: 4, conversations: 1 });
    expect(entry?.actorId).toBeNull();
    for (const id of old) expect(await exists('messages', id)).toBe(false);
    expect(await exists('messages', fresh)).toBe(true);
    expect(await exists('conversations', emptied)).toBe(false);
    expect(await exists('messages', reportedMsg)).toBe(true);
    const list = await call('GET', '/api/conversations', b);
    const shown = list.body.conversations?.find((x: { _id: string }) => x._id === kept) ?? list.body.find?.((x: { _id: string }) => x._id === kept);
    expect(shown.lastMessage).toMatchObject({ _id: fresh, text: 'Fresh' });
    const [unread] = await queryRows<{ unread_count: number }>(ctx.db, sql`SELECT unread_count FROM conversation_participants WHERE conversation_id = ${kept} AND user_id = ${b.id}`);
    expect(unread.unread_count).toBe(1);
    expect(JSON.stringify(entry?.detail)).not.toMatch(/Old one|Old two/);
  });

  it('notifications: older than the setting go, newer stay', async () => {
    const at = nextRun();
    await retain({ notificationsDays: 180 });
    const a = await createUser(ctx.db);
    const old = await notification(a, daysBefore(at, 181));
    const fresh = await notification(a, daysBefore(at, 179));
    const entry = await purgeAt(at);
    expect(await exists('notifications', old)).toBe(false);
    expect(await exists('notifications', fresh)).toBe(true);
    expect(entry?.detail.counts.notifications).toBeGreaterThanOrEqual(1);
  });

  it('referrals: placed or withdrawn ones unchanged since, and open ones expired before, go with their notifications; others stay', async () => {
    const at = nextRun();
    await retain({ closedReferralsDays: 730 });
    const [a, b] = [await createUser(ctx.db), await createUser(ctx.db)];
    const placed = await referral(a, 'placed', daysBefore(at, 731), b);
    const withdrawn = await referral(a, 'withdrawn', daysBefore(at, 800));
    const expired = await referral(a, 'open', daysBefore(at, 731));
    const recentlyPlaced = await referral(a, 'placed', daysBefore(at, 700));
    const recentlyExpired = await referral(a, 'open', daysBefore(at, 10));
    const answer = await notification(a, daysBefore(at, 1), { kind: 'referral', id: placed });
    const entry = await purgeAt(at);
    expect(entry?.detail.counts.referrals).toBe(3);
    for (const id of [placed, withdrawn, expired]) expect(await exists('referrals', id)).toBe(false);
    for (const id of [recentlyPlaced, recentlyExpired]) expect(await exists('referrals', id)).toBe(true);
    expect(await exists('notifications', answer)).toBe(false);
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM referral_recipients WHERE referral_id = ${placed}`)).toEqual([]);
  });

  it('data exports: the file goes when it expires, the record when its retention is over', async () => {
    const at = nextRun();
    await retain({ dataExportsDays: 7 });
    const a = await createUser(ctx.db);
    const old = await dataExport(a, daysBefore(at, 8));
    const recent = await dataExport(a, daysBefore(at, 3));
    const entry = await purgeAt(at);
    expect(entry?.detail.counts.dataExports).toBe(1);
    expect(await exists('data_exports', old)).toBe(false);
    expect(await exists('data_exports', recent)).toBe(true);
    // The daily privacy job removed the expired file of the one whose record stays.
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM data_export_chunks WHERE export_id = ${recent}`)).toEqual([]);
  });

  it('ended sessions: those that ended (idle or too old) before the setting go; one in use stays', async () => {
    const at = nextRun();
    await retain({ endedSessionsDays: 90 });
    const a = await createUser(ctx.db);
    const idle = await session(a, daysBefore(at, 200), daysBefore(at, 92));
    const tooOld = await session(a, daysBefore(at, 200), daysBefore(at, 1));
    const endedRecently = await session(a, daysBefore(at, 80), daysBefore(at, 80));
    const inUse = await session(a, daysBefore(at, 1), daysBefore(at, 0));
    const entry = await purgeAt(at);
    expect(entry?.detail.counts.sessions).toBe(2);
    expect(await exists('sessions', idle)).toBe(false);
    expect(await exists('sessions', tooOld)).toBe(false);
    expect(await exists('sessions', endedRecently)).toBe(true);
    expect(await exists('sessions', inUse)).toBe(true);
  });

  it('a member under legal hold keeps messages, conversations, referrals, notifications, exports and sessions until released', async () => {
    await retain({ ...RETENTION_DEFAULTS, chatMessagesDays: 30 });
    const [held, partner, other, third] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    expect((await call('PUT', `/api/admin/users/${held.id}/legal-hold`, admin, { on: true, reason: 'Litigation' })).status).toBe(200);
    const at = nextRun();
    const old = (days: number) => daysBefore(at, days);
    const chat = await conversation(held, partner, old(400));
    const heldMsgs = [await message(chat, held, old(400)), await message(chat, partner, old(399))];
    const free = await conversation(other, third, old(400));
    await message(free, other, old(400));
    const sent = await referral(held, 'placed', old(1000));
    const received = await referral(other, 'withdrawn', old(1000), held);
    const note = await notification(held, old(1000));
    const exp = await dataExport(held, old(100));
    const sess = await session(held, old(200), old(190));
    const kept = { messages: heldMsgs, conversations: [chat], referrals: [sent, received], notifications: [note], data_exports: [exp], sessions: [sess] };

    await purgeAt(at);
    expect(await exists('conversations', free)).toBe(false);
    for (const [table, ids] of Object.entries(kept)) for (const id of ids) expect(await exists(table, id), `${table} kept`).toBe(true);
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM data_export_chunks WHERE export_id = ${exp}`)).toHaveLength(1);

    expect((await call('PUT', `/api/admin/users/${held.id}/legal-hold`, admin, { on: false })).status).toBe(200);
    const entry = await purgeAt(nextRun());
    for (const [table, ids] of Object.entries(kept)) for (const id of ids) expect(await exists(table, id), `${table} purged`).toBe(false);
    // Earlier runs' kept copies may be old enough by now: at least the held member's.
    expect(entry?.detail.counts).toMatchObject({ chatMessages: 2, conversations: 1, referrals: 2, sessions: 1 });
    expect(entry?.detail.counts.dataExports).toBeGreaterThanOrEqual(1);
  });

  it('removes a batch per statement and stops when its time is up, saying the run is not complete', async () => {
    await retain({ notificationsDays: 1 });
    const a = await createUser(ctx.db);
    const at = new Date(nextRun().getTime() + 3_600_000);
    await ctx.db.execute(sql`INSERT INTO notifications (user_id, type, target_kind, target_id, target_title, target_url, created_at)
      SELECT ${a.id}, 'postLike', 'post', gen_random_uuid(), 'A post', '/post/x', ${daysBefore(at, 2)} FROM generate_series(1, ${PURGE_BATCH * 2 + 5})`);
    // Another node's caches, joined to a fan-out of its own.
    const caches = createCaches(ctx.config);
    caches.connect({ fanOut: () => undefined, onFanOut: () => undefined });
    const node = { db: ctx.db, config: ctx.config, caches, cache: caches.shared };
    const first = await runRetentionPurge(node, at, 0);
    expect(first).toMatchObject({ complete: false, counts: { notifications: PURGE_BATCH } });
    const rest = await runRetentionPurge(node, at);
    expect(rest).toMatchObject({ complete: true, counts: { notifications: PURGE_BATCH + 5 } });
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'retention.purge')).orderBy(desc(auditLog.createdAt)).limit(2);
    expect(entries.map((e) => (e.detail as { complete: boolean }).complete).sort()).toEqual([false, true]);
  });

  // Last: the trail is a chain, so a purge removes its oldest links only, and the run far ahead moves the daily job's
  // next run far ahead too. Every entry the earlier tests wrote is then past the limit, followed by an old and a kept one.
  it('the audit trail: the oldest entries past the years set go, counted in the run\'s own entry; no entry when nothing went', async () => {
    const at = new Date(FIRST_RUN + 8 * 366 * DAY);
    await retain({ auditYears: 7 });
    const old = await auditEntry(daysBefore(at, 7 * 366 + 1));
    const kept = await auditEntry(daysBefore(at, 6 * 366));
    const entry = await purgeAt(at);
    expect(entry?.detail.counts.auditEntries).toBeGreaterThanOrEqual(2);
    expect(entry?.detail.complete).toBe(true);
    expect(await exists('audit_log', old)).toBe(false);
    expect(await exists('audit_log', kept)).toBe(true);
    expect(await purgeAt(new Date(at.getTime() + DAY))).toBeUndefined();
  });
});
