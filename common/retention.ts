// How long the platform keeps each kind of record (GET/PUT /api/admin/retention) and a member's legal hold
// (PUT /api/admin/users/{id}/legal-hold). Defaults and why: docs/decisions/0195-retention-legal-hold.md.
import { z } from 'zod';

const days = (what: string) => z.number({ message: `${what} must be a number of days.` }).int(`${what} must be a whole number of days.`)
  .min(0, `${what} must be 0 (keep for ever) or more.`).max(36_500, `${what} must be at most 36500 days.`);

export const RetentionSettings = z.object({
  /** Chat messages, from when they were sent; 0 keeps them for ever. */
  chatMessagesDays: days('Chat messages'),
  /** Notifications, from when they were created. */
  notificationsDays: days('Notifications'),
  /** Placed or withdrawn referrals from their last change, expired ones from when they expired. */
  closedReferralsDays: days('Closed or expired referrals'),
  /** The record of a data export, from when it was asked for (its file is removed when its 24 hours are over). */
  dataExportsDays: days('Data exports'),
  /** Sessions that ended (idle or too old), from when they ended; a signed-out session is removed at once. */
  endedSessionsDays: days('Ended sessions'),
  /** The audit trail, in years: at least 6 (records of a clinical service's administration). */
  auditYears: z.number({ message: 'Audit trail must be a number of years.' }).int('Audit trail must be a whole number of years.')
    .min(6, 'Audit trail must be kept at least 6 years.').max(100, 'Audit trail must be at most 100 years.'),
}).strict();
export type RetentionSettings = z.infer<typeof RetentionSettings>;

/** What a new platform keeps until an administrator changes it (also in README). */
export const RETENTION_DEFAULTS: RetentionSettings = {
  chatMessagesDays: 0,
  notificationsDays: 180,
  closedReferralsDays: 730,
  dataExportsDays: 7,
  endedSessionsDays: 90,
  auditYears: 6,
};

/** The kinds the purge removes, in the order it runs them; each its count in the audit entry. */
export const PURGED_KINDS = ['chatMessages', 'conversations', 'notifications', 'referrals', 'dataExports', 'sessions', 'auditEntries'] as const;
export type PurgedKind = (typeof PURGED_KINDS)[number];

export const LegalHoldBody = z.object({
  on: z.boolean({ message: 'on must be true or false.' }),
  reason: z.string().trim().max(500, 'The reason must be at most 500 characters.').optional(),
}).strict().refine((b) => !b.on || (b.reason?.length ?? 0) > 0, { message: 'A legal hold needs a reason.', path: ['reason'] });

export const LegalHold = z.object({
  on: z.boolean(),
  at: z.string().nullable(),
  reason: z.string().nullable(),
  /** The administrator who set it (null when off, or their account is gone). */
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type LegalHold = z.infer<typeof LegalHold>;
