import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditPage } from '../../../common/audit.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, comments, posts, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { toAuditEntry } from './present.ts';
import { pageInfo } from '../../lib/paging.ts';

/** The target's id when the entry is about a `type`; the guard keeps the cast away from any target id that is not a uuid. */
const uuidOf = (type: string) => sql`CASE WHEN ${auditLog.targetType} = ${type} AND ${auditLog.targetId} ~* '^[0-9a-f-]{36}$'
  THEN ${auditLog.targetId}::uuid END`;
// Licence and account actions record only the user's id; their name is looked up so the log reads as words.
const targetUser = alias(users, 'target_user');
const targetUserId = uuidOf('user');
// A post's or a comment's entry reads as the post's title and links to it (a report's review records only the id).
const targetComment = alias(comments, 'target_comment');
const targetPost = alias(posts, 'target_post');

const auditPage = (db: Db, page: number, limit: number) => db.select({
  id: auditLog.id, action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId,
  detail: auditLog.detail, createdAt: auditLog.createdAt, actorId: auditLog.actorId, actorName: users.name,
  targetUserName: targetUser.name, targetPostId: targetPost.id, targetPostTitle: targetPost.title,
}).from(auditLog)
  .leftJoin(users, eq(users.id, auditLog.actorId))
  .leftJoin(targetUser, eq(targetUser.id, targetUserId))
  .leftJoin(targetComment, eq(targetComment.id, uuidOf('comment')))
  .leftJoin(targetPost, eq(targetPost.id, sql`coalesce(${uuidOf('post')}, ${targetComment.postId})`))
  .orderBy(sql`${auditLog.createdAt} DESC NULLS LAST`, sql`${auditLog.id} DESC NULLS LAST`)
  .limit(limit).offset((page - 1) * limit);
export type AuditRow = Awaited<ReturnType<typeof auditPage>>[number];

/** The audit log, newest first. */
export async function listAudit(ctx: AppContext, _admin: CurrentUser, { page, limit }: { page: number; limit: number }): Promise<AuditPage> {
  const [rows, [{ n }]] = await Promise.all([
    auditPage(ctx.db, page, limit),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return { entries: rows.map(toAuditEntry), ...pageInfo(n, page, limit) };
}
