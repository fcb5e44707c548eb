import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { requestOrigin } from './audit-context.ts';

export type AuditAction =
  | 'resource.approve' | 'resource.decline' | 'resource.delete'
  | 'community.delete' | 'comments.bulk_delete'
  | 'post.edit' | 'comment.edit' | 'post.remove' | 'comment.remove'
  | 'licence.verify' | 'licence.reject' | 'user.disable' | 'user.enable'
  | 'report.dismiss' | 'report.remove' | 'report.warn' | 'report.suspend'
  | 'name.approve' | 'name.decline'
  | 'user.delete' | 'user.delete_refused' | 'user.two_factor_reset'
  | 'forum_privacy.update'
  | 'retention.update' | 'retention.purge' | 'user.legal_hold'
  | 'security_policy.update' | 'passkey.add' | 'passkey.remove' | 'passkey.rename'
  // Security events of an account (the member's own, or somebody's attempt on it).
  | 'auth.sign_in' | 'auth.sign_in_failed' | 'auth.sign_in_refused' | 'auth.sign_out'
  | 'auth.two_factor_enable' | 'auth.two_factor_disable' | 'auth.recovery_codes_regenerate'
  | 'auth.session_revoke' | 'auth.password_change' | 'auth.password_reset' | 'auth.email_change'
  | 'export.request' | 'export.download'
  // Reads of a member's data by somebody else.
  | 'report.message_open' | 'referral.read' | 'licence.read' | 'group_case.read' | 'file.download'
  // A practice's intake assigning or answering a referral sent to it (docs/decisions/0245).
  | 'practice_referral.assign' | 'practice_referral.answer';

export type AuditEntry = {
  /** Null for what the system does by itself (a job, a purge). */
  actorId: string | null;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  detail?: Record<string, unknown>;
  /** Whose data it is; by default the target when it is a user, else the detail's authorId. */
  memberId?: string | null;
  /** By default the actor's role as the database knows it when the entry is written ('system' without an actor). */
  actorRole?: string;
  /** Both default to the HTTP request being answered (audit-context.ts). */
  requestId?: string | null;
  clientAddress?: string | null;
  /** Why a break-glass read was made, in the administrator's words. */
  reason?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function memberOf(entry: AuditEntry): string | null {
  if (entry.memberId !== undefined) return entry.memberId;
  if (entry.targetType === 'user' && entry.targetId && UUID.test(entry.targetId)) return entry.targetId;
  const author = entry.detail?.authorId;
  return typeof author === 'string' && UUID.test(author) ? author : null;
}

function rowOf(entry: AuditEntry): typeof auditLog.$inferInsert {
  const origin = requestOrigin();
  return {
    actorId: entry.actorId, action: entry.action, targetType: entry.targetType, targetId: entry.targetId,
    detail: entry.detail ?? {}, memberId: memberOf(entry), actorRole: entry.actorRole ?? null,
    requestId: entry.requestId !== undefined ? entry.requestId : origin?.requestId ?? null,
    clientAddress: entry.clientAddress !== undefined ? entry.clientAddress : origin?.clientAddress ?? null,
    reason: entry.reason ?? null,
  };
}

/**
 * Every change of a member's data by somebody else, every administrator action and every security event goes through
 * here: call it inside the change's transaction, so the entry and the change commit or fail together. The chain
 * trigger (migration 0220) holds an advisory lock from here to the commit: keep what follows in the transaction short.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(rowOf(entry));
}

type Pending = { row: typeof auditLog.$inferInsert; resolve: () => void; reject: (error: unknown) => void };
const queues = new WeakMap<Db, Pending[]>();

/**
 * A read of a member's data by somebody else, recorded before the data is answered: reads of the same turn of the event
 * loop share one INSERT (and one turn of the chain's lock), so many readers at once do not queue on the lock one by one.
 */
export function recordAuditedRead(db: Db, entry: AuditEntry): Promise<void> {
  return new Promise((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = [];
      queues.set(db, queue);
      setImmediate(() => void flush(db));
    }
    queue.push({ row: rowOf(entry), resolve, reject });
  });
}

async function flush(db: Db): Promise<void> {
  const batch = queues.get(db) ?? [];
  queues.delete(db);
  try {
    await db.insert(auditLog).values(batch.map((p) => p.row));
    for (const p of batch) p.resolve();
  } catch (error) {
    for (const p of batch) p.reject(error);
  }
}
