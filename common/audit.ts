import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { DeviceSchema } from './device.ts';
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

/**
 * Who acted, as a member is told (decision 0180), as a code: the member themselves, an administrator (never which
 * one), Thera Root itself, someone unknown (a sign-in attempt on the account), a colleague (by `name`), or a colleague
 * whose account has since been deleted. The reader's app says it in its language.
 */
const ACCESS_ACTORS = ['you', 'admin', 'system', 'someone', 'member', 'formerMember'] as const;
export type AccessActor = (typeof ACCESS_ACTORS)[number];

/** A member's own access log: what happened to their account, and who else read or changed their data. */
const AccessEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  action: z.string(),
  who: z.object({
    kind: z.enum(ACCESS_ACTORS),
    /** The colleague's name when `kind` is 'member', else null. */
    name: z.string().nullable(),
  }),
  /** Set for sign-ins and sign-in attempts: the device (names and a code) and the network address. */
  device: DeviceSchema.nullable(),
  address: z.string().nullable(),
});
export type AccessEvent = z.infer<typeof AccessEventSchema>;
export const AccessLogQuery = z.object({ cursor: Cursor.optional() });
export const AccessLogSchema = z.object({ events: z.array(AccessEventSchema), nextCursor: z.string().nullable() });
export type AccessLog = z.infer<typeof AccessLogSchema>;
