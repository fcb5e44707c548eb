import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditPage } from '../../../common/audit.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { toAuditEntry } from './present.ts';
import { pageInfo } from '../../lib/paging.ts';

const targetUser = alias(users, 'target_user');
// Licence and account actions record only the user's id; their name is looked up so the log reads as words.
// The guard keeps the cast away from any target id that is not a uuid.
const targetUserId = sql`CASE WHEN ${auditLog.targetType} = 'user' AND ${auditLog.targetId} ~* '^[0-9a-f-]{36}$'
  THEN ${auditLog.targetId}::uuid END`;

const auditPage = (db: Db, page: number, limit: number) => db.select({
  id: auditLog.id, action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId,
  detail: auditLog.detail, createdAt: auditLog.createdAt, actorId: auditLog.actorId, actorName: users.name,
  targetUserName: targetUser.name,
}).from(auditLog)
  .leftJoin(users, eq(users.id, auditLog.actorId))
  .leftJoin(targetUser, eq(targetUser.id, targetUserId))
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
