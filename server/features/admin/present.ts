// The administrators' views (common/admin.ts, common/audit.ts): the verification queue, decisions, the audit log.
import type { NameChange, PendingVerification, UserDisabledResult, VerificationDecisionResult } from '../../../common/admin.ts';
import type { VerificationStatus } from '../../../common/accounts.ts';
import type { AuditEntry } from '../../../common/audit.ts';
import type { AuditRow } from './audit.ts';
import type { NameChangeRow } from './name-changes.ts';
import type { DecidedRow, PendingRow } from './verifications.ts';

export const toPendingVerification = (r: PendingRow): PendingVerification => ({
  _id: r.id, name: r.name, email: r.email, profession: r.profession, licenceNumber: r.licenceNumber, licensingBody: r.licensingBody,
  region: r.licenceRegion, country: r.licenceCountry, createdAt: r.createdAt.toISOString(),
  licenceExpiresOn: r.licenceExpiresOn, renewal: r.licenceLapsedAt !== null,
});

export const toNameChange = (r: NameChangeRow): NameChange => ({
  _id: r.id, name: r.name, pendingName: r.pendingName ?? '', requestedAt: (r.pendingNameAt ?? new Date(0)).toISOString(),
  sameNameCount: Number(r.sameNameCount),
});

/** The decided account, without its email (read only for the decision mail). */
export const toVerificationDecision = (row: DecidedRow): VerificationDecisionResult => ({
  _id: row.id, name: row.name, verificationStatus: row.verificationStatus as VerificationStatus,
  verifiedAt: row.verifiedAt?.toISOString() ?? null, rejectionReason: row.rejectionReason,
});

export const toUserDisabled = (row: { id: string; name: string; disabled: boolean }): UserDisabledResult =>
  ({ _id: row.id, name: row.name, disabled: row.disabled });

/** The actor is null for the system, or when their account has since been deleted (actorId keeps who it was). */
export function toAuditEntry(r: AuditRow): AuditEntry {
  const detail = (r.detail ?? {}) as Record<string, unknown>;
  return {
    _id: r.id, seq: r.seq, action: r.action, targetType: r.targetType, targetId: r.targetId, detail,
    targetName: targetName(detail, r.targetUserName) ?? r.targetPostTitle,
    targetLink: targetLink(r),
    createdAt: r.createdAt.toISOString(),
    actor: r.actorId && r.actorName !== null ? { _id: r.actorId, name: r.actorName } : null,
    actorId: r.actorId, actorRole: r.actorRole,
    member: r.memberId && r.memberName !== null ? { _id: r.memberId, name: r.memberName } : null,
    memberId: r.memberId, requestId: r.requestId, clientAddress: r.clientAddress, reason: r.reason,
  };
}

/** Where the administrator sees the target now: the post (of a comment too), or the member's account page. */
function targetLink(r: AuditRow): string | null {
  if (r.targetPostId) return `/post/${r.targetPostId}`;
  if (r.targetType === 'user' && r.targetUserName !== null) return `/admin/users/${r.targetId}`;
  return null;
}

/** The target in words: a resource's title, a community's name, or the user's name. */
function targetName(detail: Record<string, unknown>, userName: string | null): string | null {
  if (typeof detail.title === 'string') return detail.title;
  if (typeof detail.name === 'string') return detail.name;
  return userName;
}
