// Consultation groups: the request and response shapes shared by the server and the web app (docs/decisions/0235).
// A group of 3 to 12 peers meets on a schedule written in its own time zone; its cases are de-identified (every field
// passes the client-privacy guard, as a referral's note does).
import { z } from 'zod';
import { AttachmentIds, FileSchema } from './files.ts';
import { IdSchema } from './ids.ts';
import { isTimeZone } from './notifications.ts';
import { optionList } from './option-lists.ts';
import { AGE_GROUPS, MODALITIES, SPECIALTIES } from './options.ts';
import { ConfirmLikelyName } from './privacy-check.ts';

export const GROUP_LIMITS = { minMembers: 3, maxMembers: 12, name: 100, description: 2000, caseField: 2000, comment: 2000, pageSize: 20 } as const;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const WEEKDAY_NAMES = WEEKDAYS.map((d) => d[0].toUpperCase() + d.slice(1));
const FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;

export const GROUP_TEXTS = {
  notFound: 'Group not found.',
  full: 'This group is full: it has no open seats.',
  onlyFacilitator: 'Only the group\'s facilitator can do that.',
  notMember: 'Only members of this group can do that.',
  alreadyMember: 'This therapist is already a member of this group.',
  alreadyPending: 'There is already an invitation or request waiting for this therapist.',
  invitee: 'The therapist was not found or has not been verified.',
  blocked: 'You cannot invite this therapist.',
  blockedRequest: 'You cannot ask to join this group.',
  notListed: 'Only listed groups take join requests.',
  invitationNotFound: 'Invitation not found.',
  answered: 'This invitation has already been answered.',
  facilitatorLeaves: 'Hand the facilitator role to another member before leaving.',
  handOverToMember: 'The new facilitator must be a member of the group.',
  meetingNotFound: 'Meeting not found.',
  meetingNotOver: 'Attendance can be recorded once the meeting has ended.',
  meetingCancelled: 'This meeting was cancelled.',
  attendeesMembers: 'Everyone marked as attended must be a member of the group.',
  notAttended: 'You are not recorded as attending this meeting.',
  caseNotFound: 'Case not found.',
  commentParent: 'The comment you reply to is not on this case.',
  maxBelowMembers: 'The group already has more members than that.',
  adminText: 'Administrators do not take part in consultation groups.',
} as const;

const trimmed = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** 'HH:MM', 24-hour. */
const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 19:30');
const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a real date');
/** 0-6 from Sunday, or its English name in any case. */
const Weekday = z.union([z.number().int().min(0).max(6), z.string()]).transform((v, ctx) => {
  if (typeof v === 'number') return v;
  const i = WEEKDAYS.indexOf(v.trim().toLowerCase() as (typeof WEEKDAYS)[number]);
  if (i < 0) ctx.addIssue({ code: 'custom', message: 'must be 0 to 6 from Sunday, or a weekday name' });
  return i;
}).pipe(z.number().int().min(0, 'must be 0 to 6 from Sunday, or a weekday name').max(6));
const TimeZone = z.string().max(64).refine(isTimeZone, 'must be a time zone name such as America/Toronto');
const HttpsUrl = z.string().trim().max(500).refine((u) => {
  try { return new URL(u).protocol === 'https:'; } catch { return false; }
}, 'must be an https:// link');

const ScheduleSchema = z.object({
  frequency: z.enum(FREQUENCIES, { message: 'must be weekly, biweekly or monthly' }),
  weekday: Weekday,
  time: LocalTime,
  timeZone: TimeZone,
  durationMinutes: z.number().int().min(15, 'must be at least 15').max(480, 'must be at most 480'),
  startsOn: DateOnly,
});


const Focus = z.object({
  specialties: optionList(SPECIALTIES, 10).default([]),
  modalities: optionList(MODALITIES, 10).default([]),
});
const MaxMembers = z.number().int().min(3, 'must be at least 3').max(12, 'must be at most 12');

export const CreateGroupBody = z.object({
  name: trimmed(GROUP_LIMITS.name).min(1, 'is required'),
  description: trimmed(GROUP_LIMITS.description).default(''),
  visibility: z.enum(['private', 'listed'], { message: 'must be private or listed' }),
  maxMembers: MaxMembers,
  focus: Focus.default({ specialties: [], modalities: [] }),
  schedule: ScheduleSchema,
  meetingLink: HttpsUrl.or(z.literal('')).default(''),
});
export type CreateGroup = z.output<typeof CreateGroupBody>;
export type CreateGroupInput = z.input<typeof CreateGroupBody>;

/** PATCH: any of the fields; `facilitatorId` hands the role to another member. */
export const PatchGroupBody = z.object({
  name: trimmed(GROUP_LIMITS.name).min(1, 'is required').optional(),
  description: trimmed(GROUP_LIMITS.description).optional(),
  visibility: z.enum(['private', 'listed'], { message: 'must be private or listed' }).optional(),
  maxMembers: MaxMembers.optional(),
  focus: Focus.optional(),
  schedule: ScheduleSchema.optional(),
  meetingLink: HttpsUrl.or(z.literal('')).optional(),
  facilitatorId: IdSchema.optional(),
}).strict();
export type PatchGroup = z.output<typeof PatchGroupBody>;

const Person = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() });
export const MeetingSchema = z.object({
  _id: z.string(), startsAt: z.string(), endsAt: z.string(), status: z.enum(['scheduled', 'moved', 'cancelled']),
});
export type Meeting = z.infer<typeof MeetingSchema>;

/** What anyone sees of a listed group (and members see first). */
export const GroupCard = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(['private', 'listed']),
  maxMembers: z.number(),
  membersCount: z.number(),
  openSeats: z.number(),
  focus: z.object({ specialties: z.array(z.string()), modalities: z.array(z.string()) }),
  schedule: z.object({
    frequency: z.enum(FREQUENCIES), weekday: z.number(), time: z.string(), timeZone: z.string(), durationMinutes: z.number(), startsOn: z.string(),
  }),
  facilitator: Person,
  nextMeeting: MeetingSchema.nullable(),
  /** 'facilitator' | 'member' | 'invited' | 'requested' | null (not a member). */
  myRole: z.enum(['facilitator', 'member', 'invited', 'requested']).nullable(),
});
export type GroupCard = z.infer<typeof GroupCard>;

const CaseComment = z.object({
  _id: z.string(), parentId: z.string().nullable(), author: Person.nullable(), body: z.string(), createdAt: z.string(),
  /** Files shared with the comment (also among the case's documents, GET /api/groups/{id}/cases/{caseId}/files). */
  attachments: z.array(FileSchema),
});
export const CaseSchema = z.object({
  _id: z.string(), author: Person.nullable(), presentingConcern: z.string(), ageGroup: z.string(), context: z.string(), question: z.string(),
  discussedAt: z.string().nullable(), createdAt: z.string(), comments: z.array(CaseComment),
});
export type GroupCase = z.infer<typeof CaseSchema>;

const Invitation = z.object({
  _id: z.string(), kind: z.enum(['invitation', 'request']), user: Person, message: z.string(), status: z.string(), createdAt: z.string(),
});

/** Members see all of it; `conversationId` opens the group's chat. */
export const GroupDetail = GroupCard.extend({
  meetingLink: z.string().nullable(),
  conversationId: z.string().nullable(),
  members: z.array(Person.extend({ role: z.enum(['facilitator', 'member']) })).nullable(),
  meetings: z.array(MeetingSchema).nullable(),
  cases: z.array(CaseSchema).nullable(),
  pending: z.array(Invitation).nullable(),
});
export type GroupDetail = z.infer<typeof GroupDetail>;

export const GroupListQuery = z.object({
  mine: z.enum(['1', 'true']).optional(),
  q: z.string().trim().max(200).optional(),
  specialty: z.enum(SPECIALTIES).optional(),
  modality: z.enum(MODALITIES).optional(),
  cursor: z.string().max(100).optional(),
});
export const GroupPage = z.object({ groups: z.array(GroupCard), nextCursor: z.string().nullable() });
export type GroupPage = z.infer<typeof GroupPage>;

export const InviteBody = z.object({ userId: IdSchema });
export const JoinRequestBody = z.object({ message: trimmed(500).default('') });
export const AnswerBody = z.object({ accept: z.boolean() });
export const InvitationParams = z.object({ id: IdSchema, invitationId: IdSchema });
export const MemberParams = z.object({ id: IdSchema, userId: IdSchema });
const MyInvitation = z.object({
  _id: z.string(), kind: z.enum(['invitation', 'request']), group: z.object({ _id: z.string(), name: z.string() }), status: z.string(), createdAt: z.string(),
});
export const MyInvitations = z.object({ invitations: z.array(MyInvitation) });
export const InvitationAnswer = z.object({ _id: z.string(), status: z.string(), groupId: z.string() });

// A meeting's id is its group and the start the schedule gave it, so an occurrence has one id whether or not it was
// ever changed: `<group uuid>_<yyyymmddThhmmssZ>`.
const MEETING_ID = /^([0-9a-f-]{36})_(\d{8}T\d{6}Z)$/i;
export const MeetingParams = z.object({ id: IdSchema, meetingId: z.string().regex(MEETING_ID, 'must be a meeting id') });
const IsoInstant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be a date and time');
export const MeetingsQuery = z.object({ from: IsoInstant.optional(), to: IsoInstant.optional() });
export const Meetings = z.object({ meetings: z.array(MeetingSchema) });
/** Move (`startsAt`) or cancel (`status: 'cancelled'`) one meeting; `status: 'scheduled'` restores it. */
export const PatchMeetingBody = z.object({
  startsAt: IsoInstant.optional(), status: z.enum(['cancelled', 'scheduled']).optional(),
}).refine((b) => (b.startsAt === undefined) !== (b.status === undefined), 'Send either startsAt or status.');

export const AttendanceBody = z.object({ attendedUserIds: z.array(IdSchema).max(12) });
export const Attendance = z.object({
  meetingId: z.string(),
  lines: z.array(z.object({ user: Person, confirmedAt: z.string().nullable() })),
});

const guarded = (max: number) => trimmed(max).min(1, 'is required');
export const CreateCaseBody = z.object({
  presentingConcern: guarded(GROUP_LIMITS.caseField),
  ageGroup: z.enum(AGE_GROUPS, { message: 'must be one of the age groups' }),
  context: guarded(GROUP_LIMITS.caseField),
  question: guarded(GROUP_LIMITS.caseField),
  confirmLikelyName: ConfirmLikelyName,
  /** The member's own uploads, shared as the case's documents (at most 5; more with POST .../files). */
  attachmentIds: AttachmentIds.optional(),
});
export type CreateCase = z.output<typeof CreateCaseBody>;
export const CaseParams = z.object({ id: IdSchema, caseId: IdSchema });
export const CommentBody = z.object({
  body: guarded(GROUP_LIMITS.comment), parentId: IdSchema.optional(), confirmLikelyName: ConfirmLikelyName,
  /** The member's own uploads, shared with the comment (at most 5). */
  attachmentIds: AttachmentIds.optional(),
});
/** Marks a case discussed at a meeting (its id), or not (null). */
export const DiscussedBody = z.object({ meetingId: z.string().regex(MEETING_ID, 'must be a meeting id').nullable() });

export const CalendarLink = z.object({ url: z.string() });
export const HoursQuery = z.object({ from: z.string().optional(), to: z.string().optional() });
const HoursLine = z.object({
  meetingId: z.string(), group: z.string(), facilitator: z.string(), date: z.string(), startsAt: z.string(),
  durationMinutes: z.number(), confirmed: z.boolean(),
});

export const Hours = z.object({ from: z.string(), to: z.string(), lines: z.array(HoursLine), totalMinutes: z.number(), totalHours: z.number() });
export type Hours = z.infer<typeof Hours>;
