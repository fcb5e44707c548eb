// The daily retention purge (docs/decisions/0195-retention-legal-hold.md): what is older than the administrators'
// retention settings is deleted, a bounded batch per statement, oldest first along an index, until none is left or the
// run's time is up (then a follow-up run is queued). Whatever belongs to a member under legal hold is kept, and so is
// every conversation they take part in. Each run that removed something is one audit entry: counts, never contents.
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { PURGED_KINDS, type PurgedKind, type RetentionSettings } from '../../../common/retention.ts';
import type { AppContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { messages, notifications, referrals } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { dailyAtUtc } from '../../lib/jobs.ts';
import { readSetting } from '../../lib/platform-settings.ts';
import { purgeAuditTrail } from './audit-purge.ts';

export const RETENTION_JOB = 'retention.daily';
const CONTINUE_JOB = 'retention.continue';
/** Rows per statement: each a short transaction, so nothing waits long on the locks it takes. */
export const PURGE_BATCH = 1000;
const DAY_MS = 86_400_000;

type PurgeCtx = Pick<AppContext, 'db' | 'cache' | 'caches' | 'config'> & { jobs?: AppContext['jobs'] };
type Step = (cutoff: Date) => Promise<number>;
export type PurgeResult = { counts: Record<PurgedKind, number>; complete: boolean };

const heldUser = (id: SQL) => sql`EXISTS (SELECT 1 FROM users h WHERE h.id = ${id} AND h.legal_hold_at IS NOT NULL)`;
const heldConversation = (id: SQL) => sql`EXISTS (SELECT 1 FROM conversation_participants hp JOIN users h ON h.id = hp.user_id
  WHERE hp.conversation_id = ${id} AND h.legal_hold_at IS NOT NULL)`;
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const iso = (d: Date) => d.toISOString();

/** Runs `step` until it removes less than a batch, or the time is up (`complete: false`). */
async function inBatches(deadline: number, cutoff: Date, step: Step): Promise<{ count: number; complete: boolean }> {
  let count = 0;
  for (;;) {
    const n = await step(cutoff);
    count += n;
    if (n < PURGE_BATCH) return { count, complete: true };
    if (performance.now() > deadline) return { count, complete: false };
  }
}

/**
 * Chat messages (not in a held member's conversation, nor one reported and not yet reviewed). What showed their text
 * follows: a conversation's preview is its newest remaining message, its unread counts no more than remain, and a
 * conversation left empty is removed with them.
 */
async function purgeMessages(db: Db, cutoff: Date, removedConversations: { n: number }): Promise<number> {
  const touched = await queryRows<SqlRow<typeof messages, 'conversation_id'> & { n: number /* count(*) */ }>(db, sql`
    WITH gone AS (
      DELETE FROM messages WHERE id IN (
        SELECT m.id FROM messages m
        WHERE m.created_at < ${iso(cutoff)} AND NOT ${heldConversation(sql`m.conversation_id`)}
          AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.target_type = 'message' AND r.target_id = m.id AND r.status = 'open')
        ORDER BY m.created_at LIMIT ${PURGE_BATCH})
      RETURNING conversation_id)
    SELECT conversation_id, count(*)::int AS n FROM gone GROUP BY conversation_id`);
  if (touched.length === 0) return 0;
  const ids = sql.param(touched.map((t) => t.conversation_id));
  await db.execute(sql`UPDATE conversations c SET last_message_id = (
      SELECT m.id FROM messages m WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
    WHERE c.id = ANY(${ids}::uuid[]) AND c.last_message_id IS NULL`);
  await db.execute(sql`UPDATE conversation_participants p SET unread_count = LEAST(p.unread_count, (
      SELECT count(*) FROM messages m WHERE m.conversation_id = p.conversation_id AND m.sender_id <> p.user_id AND m.status <> 'read'))
    WHERE p.conversation_id = ANY(${ids}::uuid[]) AND p.unread_count > 0`);
  const emptied = await queryRows(db, sql`DELETE FROM conversations c
    WHERE c.id = ANY(${ids}::uuid[]) AND c.updated_at < ${iso(cutoff)} AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)
    RETURNING c.id`);
  removedConversations.n += emptied.length;
  return touched.reduce((sum, t) => sum + t.n, 0);
}

async function purgeNotifications(ctx: PurgeCtx, cutoff: Date): Promise<number> {
  const gone = await queryRows<SqlRow<typeof notifications, 'user_id'>>(ctx.db, sql`
    DELETE FROM notifications WHERE id IN (
      SELECT n.id FROM notifications n WHERE n.created_at < ${iso(cutoff)} AND NOT ${heldUser(sql`n.user_id`)}
      ORDER BY n.created_at LIMIT ${PURGE_BATCH})
    RETURNING user_id`);
  if (gone.length) ctx.caches.publish({ type: 'notification.changed', userIds: [...new Set(gone.map((g) => g.user_id))] });
  return gone.length;
}

/**
 * Placed or withdrawn referrals unchanged since the cutoff, and open ones that expired before it; not one that a held
 * member sent, received or offered to take. Their notifications go with them (a referral's answer is their detail).
 */
async function purgeReferrals(ctx: PurgeCtx, cutoff: Date): Promise<number> {
  const c = iso(cutoff);
  const gone = await queryRows<SqlRow<typeof referrals, 'id'> & { people: string[] /* array_agg */ }>(ctx.db, sql`
    WITH doomed AS (
      SELECT r.id FROM referrals r
      WHERE ((r.status IN ('placed', 'withdrawn') AND r.updated_at < ${c}) OR (r.status = 'open' AND r.expires_at < ${c}))
        AND NOT ${heldUser(sql`r.sender_id`)}
        AND NOT EXISTS (SELECT 1 FROM referral_recipients x JOIN users h ON h.id = x.recipient_id WHERE x.referral_id = r.id AND h.legal_hold_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM referral_offers o JOIN users h ON h.id = o.therapist_id WHERE o.referral_id = r.id AND h.legal_hold_at IS NOT NULL)
      LIMIT ${PURGE_BATCH}),
    people AS (
      SELECT d.id, array_agg(DISTINCT u) AS people FROM doomed d
      CROSS JOIN LATERAL (SELECT x.recipient_id FROM referral_recipients x WHERE x.referral_id = d.id
        UNION SELECT o.therapist_id FROM referral_offers o WHERE o.referral_id = d.id) AS p(u)
      GROUP BY d.id)
    DELETE FROM referrals r USING doomed d LEFT JOIN people p ON p.id = d.id WHERE r.id = d.id
    RETURNING r.id, array_append(coalesce(p.people, '{}'::uuid[]), r.sender_id)::text[] AS people`);
  if (gone.length === 0) return 0;
  await ctx.db.execute(sql`DELETE FROM notifications WHERE target_kind = 'referral' AND target_id = ANY(${sql.param(gone.map((g) => g.id))}::uuid[])`);
  const userIds = [...new Set(gone.flatMap((g) => g.people))];
  ctx.caches.publish({ type: 'referral.changed', userIds });
  ctx.caches.publish({ type: 'notification.changed', userIds });
  return gone.length;
}

async function purgeExports(db: Db, cutoff: Date): Promise<number> {
  const gone = await queryRows(db, sql`
    DELETE FROM data_exports WHERE id IN (
      SELECT e.id FROM data_exports e WHERE e.created_at < ${iso(cutoff)} AND NOT ${heldUser(sql`e.user_id`)}
      ORDER BY e.created_at LIMIT ${PURGE_BATCH})
    RETURNING id`);
  return gone.length;
}

/**
 * Sessions that ended (too old, or idle too long) before the cutoff. A session that ended stays in the table until its
 * token is tried again; signing out deletes it at once.
 */
async function purgeSessions(ctx: PurgeCtx, cutoff: Date): Promise<number> {
  const { maxAgeMs, idleMs } = ctx.config.session;
  const gone = await queryRows(ctx.db, sql`
    DELETE FROM sessions WHERE id IN (
      SELECT s.id FROM sessions s
      WHERE (s.last_used_at < ${iso(ago(cutoff, idleMs))} OR s.created_at < ${iso(ago(cutoff, maxAgeMs))})
        AND NOT ${heldUser(sql`s.user_id`)}
      LIMIT ${PURGE_BATCH})
    RETURNING id`);
  return gone.length;
}

/** One full pass over every kind at `now`; `budgetMs` bounds the run (a node's job lease is five minutes). */
export async function runRetentionPurge(ctx: PurgeCtx, now: Date, budgetMs = 120_000): Promise<PurgeResult> {
  const settings: RetentionSettings = await readSetting(ctx, 'retention');
  const deadline = performance.now() + budgetMs;
  const counts = Object.fromEntries(PURGED_KINDS.map((k) => [k, 0])) as Record<PurgedKind, number>;
  const conversations = { n: 0 };
  const kinds: [PurgedKind, number, Step][] = [
    ['chatMessages', settings.chatMessagesDays, (c) => purgeMessages(ctx.db, c, conversations)],
    ['notifications', settings.notificationsDays, (c) => purgeNotifications(ctx, c)],
    ['referrals', settings.closedReferralsDays, (c) => purgeReferrals(ctx, c)],
    ['dataExports', settings.dataExportsDays, (c) => purgeExports(ctx.db, c)],
    ['sessions', settings.endedSessionsDays, (c) => purgeSessions(ctx, c)],
  ];
  let complete = true;
  for (const [kind, days, step] of kinds) {
    if (days === 0) continue;
    const done = await inBatches(deadline, ago(now, days * DAY_MS), step);
    counts[kind] = done.count;
    if (!done.complete) {
      complete = false;
      break;
    }
  }
  counts.conversations = conversations.n;
  if (complete) {
    const audit = await purgeAuditTrail(ctx.db, auditCutoff(now, settings.auditYears), deadline, PURGE_BATCH);
    counts.auditEntries = audit.count;
    complete = audit.complete;
  }
  if (Object.values(counts).some((n) => n > 0)) {
    await recordAudit(ctx.db, {
      actorId: null, action: 'retention.purge', targetType: 'retention', targetId: now.toISOString().slice(0, 10),
      detail: { counts, complete, settings },
    });
  }
  return { counts, complete };
}

/** The audit trail is kept in whole calendar years back from today. */
function auditCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Every day at 03:30 UTC, on one node (the queue's recurring row is claimed by one). A run whose time ran out queues a
 * follow-up a minute later (one at a time: its key), which goes on where it stopped.
 */
export function retentionBackground(ctx: AppContext): void {
  const run = async (now: Date) => {
    const result = await runRetentionPurge(ctx, now);
    if (!result.complete) await ctx.jobs.schedule(CONTINUE_JOB, {}, { key: CONTINUE_JOB, runAt: new Date(now.getTime() + 60_000) });
  };
  ctx.jobs.recurring(RETENTION_JOB, dailyAtUtc(3, 30), (_payload, { now }) => run(now));
  ctx.jobs.register(CONTINUE_JOB, (_payload, { now }) => run(now));
}
