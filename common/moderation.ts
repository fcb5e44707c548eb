// Reporting content to the moderators and their review ("Reporting and review").
import { z } from 'zod';
import { BREAK_GLASS_MAX, BREAK_GLASS_MIN } from './audit.ts';
import { IdSchema } from './ids.ts';

const REPORT_TARGET_TYPES = ['post', 'comment', 'resource', 'profile', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'misinformation', 'client privacy', 'impersonation or unlicensed', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DETAILS_MAX = 1000;

const REPORT_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

const REPORT_STATUSES = ['open', 'resolved'] as const;

/** What a post, a chat message... reads once a moderator removed it. */
export const REMOVED_BY_MODERATOR = '[removed by a moderator]';
export const MESSAGE_REMOVED = 'Message removed';

export const REPORT_SENT = 'Thank you. The moderators will review your report.';
export const REPORT_DUPLICATE = 'You have already reported this. The moderators will review it.';
export const REPORT_DETAILS_REQUIRED = 'Please describe the problem when the reason is "Other".';
export const REPORT_OWN_CONTENT = 'You cannot report your own content.';
export const REPORT_TARGET_NOT_FOUND = 'That content could not be found.';
export const REPORT_NOT_FOUND = 'Report not found.';
export const REPORT_NO_AUTHOR = 'This content has no author to warn or suspend.';
export const REPORT_CANNOT_SUSPEND_ADMIN = 'An administrator account cannot be suspended here.';

export const CreateReportBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { message: 'must be one of post, comment, resource, profile, message' }),
  targetId: IdSchema,
  reason: z.enum(REPORT_REASONS, { message: `must be one of ${REPORT_REASONS.join(', ')}` }),
  details: z.string().trim().max(REPORT_DETAILS_MAX, `must be at most ${REPORT_DETAILS_MAX} characters`).optional(),
});
export type CreateReport = z.infer<typeof CreateReportBody>;

export const ReportReceipt = z.object({ msg: z.string() });

// A cursor is the last item's "newest report" time and its report id: `2026-11-24T12:00:00.000Z_<uuid>`.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The cursor's parts, or null when it is not one (an impossible date such as month 13 included). */
export function parseReportCursor(cursor: string): { at: string; id: string } | null {
  const m = CURSOR.exec(cursor);
  if (!m) return null;
  const at = new Date(m[1]);
  const year = Number(m[1].slice(0, 4));
  if (Number.isNaN(at.getTime()) || year < 1970 || at.toISOString().slice(0, 19) !== m[1].slice(0, 19)) return null;
  return { at: m[1], id: m[2].toLowerCase() };
}

export const ReportListQuery = z.object({
  status: z.enum(REPORT_STATUSES, { message: 'must be open or resolved' }).default('open'),
  before: z.string().max(80).refine((c) => parseReportCursor(c) !== null, 'is not a valid cursor').optional(),
});

export const ReportIdParams = z.object({ id: IdSchema });

export const ReviewReportBody = z.object({
  action: z.enum(REPORT_ACTIONS, { message: 'must be one of dismiss, remove, warn, suspend' }),
  note: z.string().trim().max(REPORT_DETAILS_MAX, `must be at most ${REPORT_DETAILS_MAX} characters`).optional(),
});
export type ReviewReport = z.infer<typeof ReviewReportBody>;

/** The reported content as it is now, shown in place on the review page (for a chat message, that message alone). */
const ReportedContent = z.object({
  /** A title (post, resource) or the member's name (profile). */
  title: z.string().nullable(),
  text: z.string(),
  /** Where it is, in words ('Post in Anxiety Peers'). */
  where: z.string(),
  /** The web page that shows it, when there is one an administrator can open. */
  link: z.string().nullable(),
  /** It is gone or already removed. */
  removed: z.boolean(),
  /**
   * A chat message's words are not in the list: an administrator reads the message and its conversation only after
   * giving a reason (POST /api/admin/reports/{id}/conversation), and that reading is in the audit trail.
   */
  sealed: z.boolean(),
});

/** One reported item: every open (or one resolved batch of) report(s) about it. */
export const ReportItem = z.object({
  /** The newest report's id: PATCH /api/admin/reports/{id} acts on all of the item's open reports. */
  _id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  count: z.number(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number() })),
  /** What reporters wrote (choosing "other" requires it); without their names. */
  details: z.array(z.string()),
  latestAt: z.string(),
  author: z.object({ _id: z.string(), name: z.string(), disabled: z.boolean() }).nullable(),
  content: ReportedContent,
  status: z.enum(REPORT_STATUSES),
  resolution: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string().nullable(),
});
export type ReportItem = z.infer<typeof ReportItem>;

export const ReportPage = z.object({
  items: z.array(ReportItem),
  /** Pass as `before` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ReportPage = z.infer<typeof ReportPage>;

export const ReviewResult = z.object({ msg: z.string(), resolved: z.number() });

export const REVIEW_DONE: Record<ReportAction, string> = {
  dismiss: 'Reports dismissed.',
  remove: 'Content removed.',
  warn: 'The author was warned.',
  suspend: 'The account was suspended.',
};
export const REPORT_PAGE_SIZE = 20;

export const OpenConversationBody = z.object({
  reason: z.string().trim().min(BREAK_GLASS_MIN, `must be at least ${BREAK_GLASS_MIN} characters`)
    .max(BREAK_GLASS_MAX, `must be at most ${BREAK_GLASS_MAX} characters`),
});
export type OpenConversation = z.infer<typeof OpenConversationBody>;

/** The reported message among the messages around it, oldest first, as the two participants saw them. */
export const ReportedConversation = z.object({
  messages: z.array(z.object({
    _id: z.string(),
    sender: z.object({ _id: z.string(), name: z.string() }),
    text: z.string(),
    createdAt: z.string(),
    /** The message the reports are about. */
    reported: z.boolean(),
  })),
});
export type ReportedConversation = z.infer<typeof ReportedConversation>;
