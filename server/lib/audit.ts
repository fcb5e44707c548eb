import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuditAction =
  | 'resource.approve' | 'resource.decline' | 'resource.delete'
  | 'community.delete' | 'comments.bulk_delete'
  | 'post.edit' | 'comment.edit' | 'post.remove' | 'comment.remove'
  | 'licence.verify' | 'licence.reject' | 'user.disable' | 'user.enable'
  | 'report.dismiss' | 'report.remove' | 'report.warn' | 'report.suspend'
  | 'name.approve' | 'name.decline'
  | 'user.delete' | 'user.two_factor_reset';

/** Every administrator action goes through here: who, what, which target, when. Call it inside the action's transaction. */
export async function recordAudit(db: Db, entry: { actorId: string; action: AuditAction; targetType: string; targetId: string; detail?: Record<string, unknown> }) {
  await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? {} });
}
