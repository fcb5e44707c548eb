// Group practices: a practice's page, its members and their roles, invitations, and its shared intake inbox of the
// referrals sent to it (docs/decisions/0245-group-practices.md). Shared by the server and the web app.
import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { optionList, splitList } from './option-lists.ts';
import { ACCEPTING_STATUSES, AGE_GROUPS, FEE_MODELS, LANGUAGES, MODALITIES, SESSION_FORMATS, SPECIALTIES } from './options.ts';
import { REGION_CODES } from './regions.ts';

const PRACTICE_ROLES = ['owner', 'admin', 'clinician', 'intake'] as const;
export type PracticeRole = (typeof PRACTICE_ROLES)[number];
/** Roles an invitation or a change of role gives; ownership is handed over, never given by invitation. */
const GIVEN_ROLES = ['admin', 'clinician', 'intake'] as const;
/** Who reads the practice's inbox and assigns or answers its referrals. */
export const INBOX_ROLES: readonly PracticeRole[] = ['owner', 'admin', 'intake'];
/** Who may be assigned a referral (an intake coordinator takes no clients). */
export const TREATING_ROLES: readonly PracticeRole[] = ['owner', 'admin', 'clinician'];
/** Who manages members and invitations. */
export const MANAGING_ROLES: readonly PracticeRole[] = ['owner', 'admin'];
const PRACTICE_REFERRAL_STATES = ['unassigned', 'assigned', 'no capacity'] as const;
export type PracticeReferralState = (typeof PRACTICE_REFERRAL_STATES)[number];

export const PRACTICE_LIMITS = { name: 120, description: 2000, website: 200, phone: 40, city: 80, locations: 10, pageSize: 20 } as const;
/** A logo upload: at most 5 MB as sent; stored as a 256-pixel square WebP, the whole image kept (padded, never cut). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_SIZE_PX = 256;

// The roles' words on screen are catalogue messages: web/features/practices/roles.ts.

export const PRACTICE_TEXTS = {
  notFound: 'Practice not found.',
  notMember: 'Only members of this practice can do that.',
  notManager: 'Only the owner and admins of this practice can do that.',
  notOwner: 'Only the owner of this practice can do that.',
  notInbox: "Only the practice's intake members, admins and owner see its referrals.",
  invitationNotFound: 'Invitation not found.',
  inviteeMissing: 'This therapist was not found or has not been verified.',
  inviteeBlocked: 'This therapist cannot be invited by you.',
  alreadyMember: 'This therapist is already a member of the practice.',
  alreadyInvited: 'This therapist already has an invitation waiting.',
  ownerCannotLeave: 'Hand over ownership before leaving the practice.',
  ownerRole: 'Hand over ownership to change the owner\'s role.',
  memberNotFound: 'Member not found.',
  notTreating: 'Referrals are assigned to the practice\'s clinicians, admins or owner.',
  assigneeBlocked: 'This clinician cannot receive referrals from this sender.',
  alreadyHandled: 'This referral has already been assigned or answered for the practice.',
  alreadyRecipient: 'This clinician already received this referral directly.',
  referralNotFound: 'Referral not found.',
  practiceMissing: 'One of the chosen practices was not found.',
  practiceBlocked: 'One of the chosen practices cannot receive referrals from you.',
  ownPractice: 'You cannot refer a client to your own practice.',
  websiteInvalid: 'must be a web address starting with https:// or http://',
  adminText: 'Administrators see practices, not their referrals.',
  noLogo: 'Please choose a logo to upload.',
  logoTooLarge: 'This logo is larger than 5 MB. Please choose a smaller one.',
  logoTooManyPixels: 'This logo is too large in pixels (at most 40 megapixels).',
  logoUnreadable: 'This logo could not be read. Please try another file.',
  logoUnsupported: 'Please upload a JPEG, PNG or WebP logo.',
  logoMismatched: 'This file is not the image its name or type says it is.',
  logoNotMultipart: 'Send the logo as multipart/form-data.',
  logoNotFound: 'Logo not found.',
  /** "3 of 7 clinicians accepting" */
  accepting: (accepting: number, total: number) => `${accepting} of ${total} clinician${total === 1 ? '' : 's'} accepting`,
  /** What the sender reads once a practice assigned the referral. */
  assignedTo: (clinician: string, practice: string) => `Assigned to ${clinician} at ${practice}`,
  worksAt: (names: string[]) => `Works at ${names.join(', ')}`,
} as const;

const Region = z.enum(REGION_CODES, { message: 'must be a province, territory or state code' });
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const Website = text(PRACTICE_LIMITS.website)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), PRACTICE_TEXTS.websiteInvalid);
const Location = z.object({ city: text(PRACTICE_LIMITS.city).min(1, 'must not be empty'), region: Region });

/** POST /api/practices → 201 Practice; the creator becomes its owner. */
export const CreatePracticeBody = z.object({
  name: text(PRACTICE_LIMITS.name).min(1, 'must not be empty'),
  description: text(PRACTICE_LIMITS.description).default(''),
  website: Website.default(''),
  locations: z.array(Location).min(1, 'must have at least 1 value').max(PRACTICE_LIMITS.locations, `must have at most ${PRACTICE_LIMITS.locations} values`),
  phone: text(PRACTICE_LIMITS.phone).regex(/^[0-9+()\-. ]*$/, 'must be a phone number').nullish(),
});
export type CreatePractice = z.infer<typeof CreatePracticeBody>;
/** PATCH /api/practices/{id} (owner and admins): any of the fields. */
export const UpdatePracticeBody = z.object({
  name: text(PRACTICE_LIMITS.name).min(1, 'must not be empty').optional(),
  description: text(PRACTICE_LIMITS.description).optional(),
  website: Website.optional(),
  locations: z.array(Location).min(1).max(PRACTICE_LIMITS.locations).optional(),
  phone: text(PRACTICE_LIMITS.phone).regex(/^[0-9+()\-. ]*$/, 'must be a phone number').nullish(),
});
export type UpdatePractice = z.infer<typeof UpdatePracticeBody>;

/** A practice's id or its slug (lower-case letters, digits and dashes). */
export const PracticeRefParams = z.object({ id: z.string().min(1).max(140).regex(/^[a-z0-9-]+$/i, 'must be an id or a slug') });
export const PracticeParams = z.object({ id: IdSchema });
export const MemberParams = z.object({ id: IdSchema, userId: IdSchema });
export const InvitationParams = z.object({ id: IdSchema, invitationId: IdSchema });
export const PracticeReferralParams = z.object({ id: IdSchema, referralId: IdSchema });
/** GET /api/practices/{id}/logo/{hash}.webp: the stored logo (its address changes with it). */
export const LogoFileParams = z.object({ id: IdSchema, file: z.string().max(80).regex(/^[0-9a-f]{32}\.webp$/, 'must be a logo file name') });

// A cursor is the last item's time and id: `2026-11-24T12:00:00.000Z_<uuid>`, or for the list a name and id.
const Cursor = z.string().max(300);

const queryList = (options: readonly string[]) => z.preprocess(splitList, optionList(options).optional());
/**
 * GET /api/practices: the practice's own name (`q`), a city of its locations (`location`) and a region it works in,
 * then the directory's filters applied to its clinicians: a practice is listed when at least one clinician (a member
 * other than intake, verified) matches them all, as the therapists tab would list that clinician.
 */
export const PracticeListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  location: z.string().trim().max(100).optional(),
  region: Region.optional(),
  specialties: queryList(SPECIALTIES),
  modalities: queryList(MODALITIES),
  demographics: queryList(AGE_GROUPS),
  sessionFormat: queryList(SESSION_FORMATS),
  languages: queryList(LANGUAGES),
  feeModels: queryList(FEE_MODELS),
  /**
   * A clinician with one of these statuses (`accepting`, or `accepting,waitlist`, as the directory); `true` is
   * `accepting` (the first form of this filter), `false` no filter.
   */
  accepting: z.preprocess((v) => (v === 'true' ? ['accepting'] : v === 'false' ? undefined : splitList(v)), optionList(ACCEPTING_STATUSES).optional()),
  cursor: Cursor.optional(),
});
export type PracticeListQuery = z.infer<typeof PracticeListQuery>;

export const InviteBody = z.object({ userId: IdSchema, role: z.enum(GIVEN_ROLES, { message: 'must be admin, clinician or intake' }) });
export const AnswerInvitationBody = z.object({ accept: z.boolean() });
export const ChangeRoleBody = z.object({ role: z.enum(GIVEN_ROLES, { message: 'must be admin, clinician or intake' }) });
export const HandOverBody = z.object({ userId: IdSchema });
export const AssignBody = z.object({ userId: IdSchema });
export const AnswerForPracticeBody = z.object({ response: z.literal('no capacity', { message: 'must be no capacity' }) });
export const InboxQuery = z.object({ status: z.enum(PRACTICE_REFERRAL_STATES).optional(), cursor: Cursor.optional() });
export type InboxQuery = z.infer<typeof InboxQuery>;

// ---- responses ----

const Person = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() });
const LocationOut = z.object({ city: z.string(), region: z.string() });

export const PracticeSummary = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  locations: z.array(LocationOut),
  clinicianCount: z.number(),
  acceptingCount: z.number(),
});
export type PracticeSummary = z.infer<typeof PracticeSummary>;
export const PracticeListPage = z.object({ practices: z.array(PracticeSummary), nextCursor: z.string().nullable() });
export type PracticeListPage = z.infer<typeof PracticeListPage>;

const Clinician = Person.extend({ role: z.enum(PRACTICE_ROLES), profession: z.string(), acceptingClients: z.string() });

/** GET /api/practices/{idOrSlug}: the public page, plus the caller's own role when they belong. */
export const PracticeSchema = PracticeSummary.extend({
  description: z.string(),
  website: z.string(),
  phone: z.string().nullable(),
  members: z.array(Clinician),
  myRole: z.enum(PRACTICE_ROLES).nullable(),
});
export type Practice = z.infer<typeof PracticeSchema>;

export const InvitationSchema = z.object({
  _id: z.string(),
  practice: z.object({ _id: z.string(), slug: z.string(), name: z.string() }),
  user: Person,
  role: z.enum(GIVEN_ROLES),
  status: z.enum(['pending', 'accepted', 'declined', 'withdrawn']),
  invitedBy: Person.nullable(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationList = z.object({ invitations: z.array(InvitationSchema) });
export type InvitationList = z.infer<typeof InvitationList>;

/** A practice as a profile shows it ("Works at ..."). */
export const PracticeLink = z.object({ _id: z.string(), slug: z.string(), name: z.string(), role: z.enum(PRACTICE_ROLES) });
export type PracticeLink = z.infer<typeof PracticeLink>;

/** Suggestions offer a practice when at least this many of its clinicians match the referral (docs/decisions/0345). */
export const PRACTICE_SUGGESTION_MIN_CLINICIANS = 2;
export const PRACTICE_SUGGESTIONS_MAX = 5;
/** A practice among a referral's suggestions: how many of its clinicians match, how many accept, and why, in words. */
export const PracticeSuggestionSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  matchingClinicians: z.number(),
  acceptingClinicians: z.number(),
  /** The practice works in the client's region (one of its locations is there). */
  inRegion: z.boolean(),
  /** "3 clinicians match", "2 accepting new clients", "located in ON". */
  reasons: z.array(z.string()),
});
export type PracticeSuggestion = z.infer<typeof PracticeSuggestionSchema>;

/** One referral in a practice's inbox: the needs (never the note: the assigned clinician reads it), where it stands. */
export const InboxItem = z.object({
  _id: z.string(),
  sender: Person,
  ageGroup: z.string(),
  concerns: z.array(z.string()),
  sessionFormats: z.array(z.string()),
  region: z.string(),
  urgency: z.string(),
  status: z.string(),
  state: z.enum(PRACTICE_REFERRAL_STATES),
  assignedTo: Person.nullable(),
  /** The assigned clinician's answer once given ('pending' until then). */
  response: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InboxItem = z.infer<typeof InboxItem>;
export const InboxPage = z.object({ referrals: z.array(InboxItem), nextCursor: z.string().nullable() });
export type InboxPage = z.infer<typeof InboxPage>;

/** What a referral's sender reads of each practice it went to ("Assigned to Dr X at Harbour Therapy"). */
export const ReferralPractice = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  state: z.enum(PRACTICE_REFERRAL_STATES),
  assignedTo: Person.nullable(),
});
export type ReferralPractice = z.infer<typeof ReferralPractice>;

