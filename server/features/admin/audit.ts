import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { stringify } from 'csv-stringify/sync';
import type { AuditEntry, AuditFilters, AuditPage } from '../../../common/audit.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, comments, posts, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { toAuditEntry } from './present.ts';

/** The target's id when the entry is about a `type`; the guard keeps the cast away from any target id that is not a uuid. */
const uuidOf = (type: string) => sql`CASE WHEN ${auditLog.targetType} = ${type} AND ${auditLog.targetId} ~* '^[0-9a-f-]{36}$'
  THEN ${auditLog.targetId}::uuid END`;
// Licence and account actions record only the user's id; their name is looked up so the log reads as words.
const targetUser = alias(users, 'target_user');
const subject = alias(users, 'subject');
const targetUserId = uuidOf('user');
// A post's or a comment's entry reads as the post's title and links to it (a report's review records only the id).
const targetComment = alias(comments, 'target_comment');
const targetPost = alias(posts, 'target_post');

/** Each filter is one indexed condition: actor or member (with seq), or the time and action over the seq order. */
function conditions(f: Omit<AuditFilters, 'limit'>): SQL | undefined {
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.memberId ? eq(auditLog.memberId, f.memberId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(auditLog.createdAt, new Date(f.to)) : undefined,
    f.cursor ? lt(auditLog.seq, Number(f.cursor)) : undefined,
  );
}

const auditRows = (db: Db, filters: Omit<AuditFilters, 'limit'>, limit: number) => db.select({
  id: auditLog.id, seq: auditLog.seq, action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId,
  detail: auditLog.detail, createdAt: auditLog.createdAt, actorId: auditLog.actorId, actorName: users.name,
  actorRole: auditLog.actorRole, memberId: auditLog.memberId, memberName: subject.name, requestId: auditLog.requestId,
  clientAddress: auditLog.clientAddress, reason: auditLog.reason,
  targetUserName: targetUser.name, targetPostId: targetPost.id, targetPostTitle: targetPost.title,
}).from(auditLog)
  .leftJoin(users, eq(users.id, auditLog.actorId))
  .leftJoin(subject, eq(subject.id, auditLog.memberId))
  .leftJoin(targetUser, eq(targetUser.id, targetUserId))
  .leftJoin(targetComment, eq(targetComment.id, uuidOf('comment')))
  .leftJoin(targetPost, eq(targetPost.id, sql`coalesce(${uuidOf('post')}, ${targetComment.postId})`))
  .where(conditions(filters))
  .orderBy(desc(auditLog.seq))
  .limit(limit);
export type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

/** The trail, newest first, in cursor pages (the cursor is the last entry's position in the chain). */
export async function listAudit(ctx: AppContext, _admin: CurrentUser, { limit, ...filters }: AuditFilters): Promise<AuditPage> {
  const rows = await auditRows(ctx.db, filters, limit + 1);
  const page = rows.slice(0, limit);
  return { entries: page.map(toAuditEntry), nextCursor: rows.length > limit ? String(page[page.length - 1].seq) : null };
}

// A CSV export reads this many entries at a time, and at most EXPORT_MAX: a wider question needs narrower filters.
const EXPORT_BATCH = 1000;
const EXPORT_MAX = 100_000;
const COLUMNS: (keyof AuditEntry)[] = [
  'seq', '_id', 'createdAt', 'actorId', 'actorRole', 'action', 'targetType', 'targetId', 'memberId', 'requestId',
  'clientAddress', 'reason', 'detail',
];

/** A cell a spreadsheet would run as a formula starts with a quote, so it is shown as the text it is. */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Every entry the filters select (cursor included), newest first, as CSV with a header line. */
export async function exportAuditCsv(ctx: AppContext, admin: CurrentUser, { limit: _limit, ...filters }: AuditFilters): Promise<string> {
  const lines: string[][] = [[...COLUMNS, 'actorName', 'memberName']];
  let cursor = filters.cursor;
  for (let read = 0; read < EXPORT_MAX; read += EXPORT_BATCH) {
    const page = await listAudit(ctx, admin, { ...filters, cursor, limit: EXPORT_BATCH });
    for (const e of page.entries) {
      const cells = COLUMNS.map((c) => (c === 'detail' ? JSON.stringify(e.detail) : String(e[c] ?? '')));
      lines.push([...cells, e.actor?.name ?? '', e.member?.name ?? ''].map(inert));
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return stringify(lines);
}
