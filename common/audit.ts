import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { IsoInstant } from './time.ts';

const AUDIT_PAGE_SIZE = 50;
// The break-glass reason an administrator gives before reading a reported conversation.
export const BREAK_GLASS_MIN = 10;
export const BREAK_GLASS_MAX = 500;

/** An entry's position in the trail, as the next page's cursor: the entries before it. */
const Cursor = z.string().regex(/^\d{1,18}$/, 'must be a cursor from a previous page');

/**
 * The trail's filters, each one for a breach question: everything an actor did (actorId) between two times (from, to);
 * everyone who touched a member's data (memberId); one kind of event (action).
 */
export const AuditQuery = z.object({
  actorId: IdSchema.optional(),
  memberId: IdSchema.optional(),
  action: z.string().regex(/^[a-z_.]{1,60}$/, 'must be an action name').optional(),
  from: IsoInstant.optional(),
  to: IsoInstant.optional(),
  cursor: Cursor.optional(),
  limit: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more')
    .max(100, 'must be at most 100').default(AUDIT_PAGE_SIZE),
});
export type AuditFilters = z.infer<typeof AuditQuery>;

const Person = z.object({ _id: z.string(), name: z.string() }).nullable();

/** One entry: when, who (and as what role), what, which target, whose data, from which request and address. */
const AuditEntrySchema = z.object({
  _id: z.string(),
  seq: z.number(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  /** The target in words (a title or a name) when known. */
  targetName: z.string().nullable(),
  /** Where the target is shown now (a post, a member's account page); null when it has none or no longer exists. */
  targetLink: z.string().nullable(),
  createdAt: z.string(),
  /** Null for the system, or when the account has since been deleted (actorId still says who it was). */
  actor: Person,
  actorId: z.string().nullable(),
  actorRole: z.string().nullable(),
  /** Whose data it is. */
  member: Person,
  memberId: z.string().nullable(),
  requestId: z.string().nullable(),
  clientAddress: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const ChainReportSchema = z.object({ ok: z.boolean(), entries: z.number(), firstBrokenId: z.string().nullable() });

/** A member's own access log: what happened to their account, and who else read or changed their data. */
const AccessEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  action: z.string(),
  /** Who, in the words a member is shown: "You", "An administrator", or the colleague's name. */
  who: z.string(),
  /** Set for sign-ins and sign-in attempts: the device and the network address. */
  device: z.string().nullable(),
  address: z.string().nullable(),
});
export type AccessEvent = z.infer<typeof AccessEventSchema>;
export const AccessLogQuery = z.object({ cursor: Cursor.optional() });
export const AccessLogSchema = z.object({ events: z.array(AccessEventSchema), nextCursor: z.string().nullable() });
export type AccessLog = z.infer<typeof AccessLogSchema>;

/** What a member reads in "Access to my account", one calm sentence per event; `who` is already in words. */
export function describeAccess(event: Pick<AccessEvent, 'action' | 'who'>): string {
  const { who } = event;
  switch (event.action) {
    case 'auth.sign_in': return 'Signed in';
    case 'auth.sign_in_failed': return 'A sign-in attempt with a wrong password or code';
    case 'auth.sign_in_refused': return 'A sign-in attempt was stopped (too many tries, or the account was disabled)';
    case 'auth.sign_out': return 'Signed out';
    case 'auth.two_factor_enable': return 'Two-factor sign-in turned on';
    case 'auth.two_factor_disable': return 'Two-factor sign-in turned off';
    case 'auth.recovery_codes_regenerate': return 'New recovery codes made';
    case 'auth.session_revoke': return 'Signed out of another device';
    case 'auth.password_change': return 'Password changed';
    case 'auth.password_reset': return 'Password reset with an emailed link';
    case 'auth.email_change': return 'Email address changed';
    case 'export.request': return 'A copy of your data was requested';
    case 'export.download': return 'The copy of your data was downloaded';
    case 'report.message_open': return `${who} read a conversation you are part of, after it was reported`;
    case 'referral.read': return `${who} read your referral`;
    case 'group_case.read': return `${who} read a case you presented to your consultation group`;
    case 'licence.read': return `${who} looked at your licence details`;
    case 'licence.verify': return `${who} verified your licence`;
    case 'licence.reject': return `${who} could not verify your licence`;
    case 'user.two_factor_reset': return `${who} turned off your two-factor sign-in at your request`;
    case 'user.disable': return `${who} disabled your account`;
    case 'user.enable': return `${who} enabled your account again`;
    case 'user.delete_refused': return 'Deleting your account was refused: it is under a legal hold';
    case 'name.approve': return `${who} approved your change of name`;
    case 'name.decline': return `${who} declined your change of name`;
    default: return `${who} reviewed or changed something of yours (${event.action})`;
  }
}
