import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { App, AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { adminOnly } from '../../lib/auth.ts';
import { pageInfo } from '../../lib/paging.ts';
import { AuditPageSchema, AuditQuery, type AuditPage } from '../../../common/audit.ts';

const targetUser = alias(users, 'target_user');
// Licence and account actions record only the user's id; their name is looked up so the log reads as words.
// The guard keeps the cast away from any target id that is not a uuid.
const targetUserId = sql`CASE WHEN ${auditLog.targetType} = 'user' AND ${auditLog.targetId} ~* '^[0-9a-f-]{36}$'
  THEN ${auditLog.targetId}::uuid END`;

/** The audit log, newest first; the actor is null when their account has since been deleted. */
export async function listAudit(db: Db, { page, limit }: z.infer<typeof AuditQuery>): Promise<AuditPage> {
  const [rows, [{ n }]] = await Promise.all([
    db.select({
      id: auditLog.id, action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId,
      detail: auditLog.detail, createdAt: auditLog.createdAt, actorId: auditLog.actorId, actorName: users.name,
      targetUserName: targetUser.name,
    }).from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(targetUser, eq(targetUser.id, targetUserId))
      .orderBy(sql`${auditLog.createdAt} DESC NULLS LAST`, sql`${auditLog.id} DESC NULLS LAST`)
      .limit(limit).offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return {
    entries: rows.map((r) => {
      const detail = (r.detail ?? {}) as Record<string, unknown>;
      return {
        _id: r.id, action: r.action, targetType: r.targetType, targetId: r.targetId, detail,
        targetName: targetName(detail, r.targetUserName),
        createdAt: r.createdAt.toISOString(),
        actor: r.actorId && r.actorName !== null ? { _id: r.actorId, name: r.actorName } : null,
      };
    }),
    ...pageInfo(n, page, limit),
  };
}

/** The target in words: a resource's title, a community's name, or the user's name. */
function targetName(detail: Record<string, unknown>, userName: string | null): string | null {
  if (typeof detail.title === 'string') return detail.title;
  if (typeof detail.name === 'string') return detail.name;
  return userName;
}

/** GET /api/admin/audit: registered by adminRoutes. */
export function auditRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/audit', { onRequest: adminOnly, schema: { querystring: AuditQuery, response: { 200: AuditPageSchema } } },
    async (request) => listAudit(ctx.db, request.query));
}
