// Referrals: the request and response shapes shared by the server and the web app, and the privacy guard.
// A referral describes what a client needs, never who they are: the server checks every note and message with the
// client-privacy guard (common/privacy-guard), which the forms ask through POST /api/privacy/check.
import { z } from 'zod';
import { optionList, splitList } from './option-lists.ts';
import { IdSchema } from './ids.ts';
import { AGE_GROUPS, ACCEPTING_STATUSES, FEE_MODELS, LANGUAGES, MODALITIES, SESSION_FORMATS, SPECIALTIES } from './options.ts';
import { REGION_CODES } from './regions.ts';
import { ConfirmLikelyName } from './privacy-check.ts';
import { ReferralOutcomeSchema, ResponsivenessFields } from './referral-outcomes.ts';
import { PracticeSuggestionSchema, ReferralPractice } from './practices.ts';

/** A referral's own status; 'expired' is computed from expiresAt on every read (an open one past it). */
const REFERRAL_STATUSES = ['open', 'placed', 'withdrawn', 'expired'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
/** What a recipient answers. */
const RECIPIENT_RESPONSES = ['accepted', 'declined', 'no capacity'] as const;
export type RecipientResponse = (typeof RECIPIENT_RESPONSES)[number];
/** Where a recipient stands: 'placed elsewhere' once the sender placed the client with another recipient. */
const RECIPIENT_STATES = ['pending', ...RECIPIENT_RESPONSES, 'placed elsewhere'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
/** What the sender sets. */
const SENDER_STATUSES = ['placed', 'withdrawn'] as const;
export const URGENCIES = ['routine', 'soon', 'urgent'] as const;
export type Urgency = (typeof URGENCIES)[number];
const OFFER_STATUSES = ['open', 'accepted'] as const;
const BOXES = ['received', 'sent'] as const;

export const REFERRAL_LIMITS = {
  note: 1000,
  message: 500,
  concernsMax: 5,
  recipientsMax: 10,
  suggestions: 20,
  pageSize: 20,
  /** An open referral without neededBy expires this many days after it was sent. */
  expiryDays: 30,
} as const;

/** Administrators run the platform: they see referral counts, never a referral (decision 0051). */
export const REFERRAL_ADMIN_TEXT = 'Administrators see referral counts, not referrals.';

export const REFERRAL_TEXTS = {
  notFound: 'Referral not found.',
  noAudience: 'Choose at least one therapist or post the request to the board.',
  recipientMissing: 'One of the chosen therapists was not found or has not been verified.',
  recipientIsSelf: 'You cannot refer a client to yourself.',
  recipientBlocked: 'One of the chosen therapists cannot receive referrals from you.',
  neededByPast: 'The date needed by cannot be in the past.',
  notOpen: 'This referral is no longer open.',
  alreadyAnswered: 'You have already answered this referral.',
  onlyRecipientResponds: 'Only a therapist this referral was sent to can answer it.',
  onlySenderSetsStatus: 'Only the therapist who sent this referral can mark it placed or withdrawn.',
  notOnBoard: 'This referral is not on the board.',
  boardMismatch: 'This referral does not match the age groups and concerns on your profile.',
  ownReferral: 'You cannot offer to take your own referral.',
  alreadyRecipient: 'This referral was already sent to you: answer it instead.',
  offerNotFound: 'Offer not found.',
  offerTaken: 'This offer has already been accepted.',
  offerExists: 'You have already offered to take this referral.',
  onlySenderAcceptsOffers: 'Only the therapist who sent this referral can accept an offer.',
  oneOf: 'Send one of a response, a status or an outcome.',
  stopAcceptingWithNoCapacity: 'Only a "No capacity" answer can close your profile to new clients.',
} as const;

const queryList = (options: readonly string[], max: number) => z.preprocess(splitList, optionList(options, max).default([]));

/**
 * A note or message others read about a client. The server's privacy guard refuses it when it identifies the client;
 * `confirmLikelyName` beside it says that what looked like a name is not one (names only).
 */
const guardedText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

const AgeGroup = z.enum(AGE_GROUPS, { message: 'must be one of the age groups' });
const Region = z.enum(REGION_CODES, { message: 'must be a province, territory or state code' });
/** A calendar date, YYYY-MM-DD. */
const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a real date');

/** POST /api/referrals → 201 Referral. `neededBy` not in the past is checked by the server's clock. */
export const CreateReferralBody = z.object({
  ageGroup: AgeGroup,
  concerns: optionList(SPECIALTIES, REFERRAL_LIMITS.concernsMax).refine((v) => v.length >= 1, 'must have at least 1 value'),
  modalities: optionList(MODALITIES, 20).default([]),
  sessionFormats: optionList(SESSION_FORMATS, SESSION_FORMATS.length).refine((v) => v.length >= 1, 'must have at least 1 value'),
  region: Region,
  languages: optionList(LANGUAGES, 10).default([]),
  feeModels: optionList(FEE_MODELS, FEE_MODELS.length).default([]),
  urgency: z.enum(URGENCIES, { message: 'must be routine, soon or urgent' }).default('routine'),
  neededBy: DateOnly.nullish(),
  note: guardedText(REFERRAL_LIMITS.note).default(''),
  recipientIds: z.array(IdSchema).max(REFERRAL_LIMITS.recipientsMax, `must have at most ${REFERRAL_LIMITS.recipientsMax} values`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]).default([]),
  /** Group practices (docs/decisions/0245): the referral goes to each one's intake inbox; counted with recipientIds. */
  recipientPracticeIds: z.array(IdSchema).max(REFERRAL_LIMITS.recipientsMax, `must have at most ${REFERRAL_LIMITS.recipientsMax} values`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]).default([]),
  toBoard: z.boolean().default(false),
  confirmLikelyName: ConfirmLikelyName,
}).refine((body) => body.recipientIds.length > 0 || body.recipientPracticeIds.length > 0 || body.toBoard, REFERRAL_TEXTS.noAudience)
  .refine((body) => body.recipientIds.length + body.recipientPracticeIds.length <= REFERRAL_LIMITS.recipientsMax,
    `must have at most ${REFERRAL_LIMITS.recipientsMax} therapists and practices together`);
export type CreateReferral = z.infer<typeof CreateReferralBody>;
export type CreateReferralInput = z.input<typeof CreateReferralBody>;

/**
 * PATCH /api/referrals/{id}: a recipient's `{response, message}`, the sender's `{status}`, or an accepting recipient's
 * `{outcome}` (common/referral-outcomes.ts). → 200 Referral.
 */
export const PatchReferralBody = z.object({
  response: z.enum(RECIPIENT_RESPONSES, { message: 'must be accepted, declined or no capacity' }).optional(),
  message: guardedText(REFERRAL_LIMITS.message).optional(),
  status: z.enum(SENDER_STATUSES, { message: 'must be placed or withdrawn' }).optional(),
  outcome: ReferralOutcomeSchema.optional(),
  /** With a "no capacity" answer: also "Not accepting new clients" on the recipient's profile, in the same write. */
  stopAccepting: z.boolean().optional(),
  confirmLikelyName: ConfirmLikelyName,
}).refine((b) => [b.response, b.status, b.outcome].filter((v) => v !== undefined).length === 1, REFERRAL_TEXTS.oneOf)
  .refine((b) => b.outcome === undefined || b.message === undefined, 'An outcome takes no message.')
  .refine((b) => !b.stopAccepting || b.response === 'no capacity', REFERRAL_TEXTS.stopAcceptingWithNoCapacity);
export type PatchReferral = z.infer<typeof PatchReferralBody>;

/** POST /api/referrals/{id}/offers: "I can take this". → 201 BoardItem (with `myOffer`). */
export const OfferBody = z.object({ message: guardedText(REFERRAL_LIMITS.message).default(''), confirmLikelyName: ConfirmLikelyName });
/** POST /api/referrals/{id}/offers/{offerId}/accept (the sender) → 200 Referral. */
export const OfferParams = z.object({ id: IdSchema, offerId: IdSchema });

// A cursor is the last item's time and id: `2026-11-24T12:00:00.000Z_<uuid>`.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export function parseReferralCursor(cursor: string): { at: string; id: string } | null {
  const m = CURSOR.exec(cursor);
  if (!m || Number.isNaN(Date.parse(m[1])) || new Date(m[1]).toISOString() !== m[1]) return null;
  return { at: m[1], id: m[2].toLowerCase() };
}
const Cursor = z.string().max(80).refine((c) => parseReferralCursor(c) !== null, 'is not a valid cursor');

/** GET /api/referrals?box=received|sent&status=&before= (newest first). */
export const ReferralListQuery = z.object({
  box: z.enum(BOXES, { message: 'must be received or sent' }).default('received'),
  status: z.enum(REFERRAL_STATUSES, { message: 'must be open, placed, withdrawn or expired' }).optional(),
  before: Cursor.optional(),
});
export type ReferralListQuery = z.infer<typeof ReferralListQuery>;

/** GET /api/referrals/board?before= */
export const BoardQuery = z.object({ before: Cursor.optional() });

/** GET /api/referrals/suggestions: every need optional, so the form can ask as it is filled in. */
export const SuggestionsQuery = z.object({
  ageGroup: AgeGroup.optional(),
  concerns: queryList(SPECIALTIES, REFERRAL_LIMITS.concernsMax),
  modalities: queryList(MODALITIES, 20),
  sessionFormats: queryList(SESSION_FORMATS, SESSION_FORMATS.length),
  region: Region.optional(),
  languages: queryList(LANGUAGES, 10),
  feeModels: queryList(FEE_MODELS, FEE_MODELS.length),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuery>;

// ---- responses ----

const PartySchema = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() });

const Needs = {
  ageGroup: z.string(),
  concerns: z.array(z.string()),
  modalities: z.array(z.string()),
  sessionFormats: z.array(z.string()),
  region: z.string(),
  languages: z.array(z.string()),
  feeModels: z.array(z.string()),
  urgency: z.enum(URGENCIES),
  neededBy: z.string().nullable(),
  note: z.string(),
};

const RecipientSchema = z.object({
  user: PartySchema,
  response: z.enum(RECIPIENT_STATES),
  message: z.string().nullable(),
  respondedAt: z.string().nullable(),
  /** True when this therapist joined through an accepted board offer. */
  viaBoard: z.boolean(),
  /** The conversation between sender and recipient, once the recipient accepted. */
  conversationId: z.string().nullable(),
  /** What happened after the hand-off, once the accepting recipient recorded it (the sender and that recipient only). */
  outcome: ReferralOutcomeSchema.nullable(),
  outcomeAt: z.string().nullable(),
  /** Accepted and nothing recorded yet: the last moment an outcome can be recorded; else null. */
  outcomeDueBy: z.string().nullable(),
});
export type Recipient = z.infer<typeof RecipientSchema>;

const OfferSchema = z.object({
  _id: z.string(),
  therapist: PartySchema,
  message: z.string(),
  status: z.enum(OFFER_STATUSES),
  createdAt: z.string(),
  /** Whether the therapist is licensed in the client's region: the sender is asked before accepting one who is not. */
  licensedInRegion: z.boolean(),
});
export type Offer = z.infer<typeof OfferSchema>;

/**
 * One referral as its viewer sees it. The sender sees every recipient and every offer; a recipient sees only their own
 * entry in `recipients` (who else was asked stays between the sender and each colleague) and no offers.
 */
export const ReferralSchema = z.object({
  _id: z.string(),
  sender: PartySchema,
  ...Needs,
  toBoard: z.boolean(),
  status: z.enum(REFERRAL_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  viewerRole: z.enum(['sender', 'recipient']),
  /** The sender deleted their account (which withdrew what was still open): the page says so, not "withdrew". */
  senderAccountClosed: z.boolean(),
  recipients: z.array(RecipientSchema),
  offers: z.array(OfferSchema),
  /** The sender's view of the practices it went to ("Assigned to Dr X at Harbour Therapy"); empty for a recipient. */
  practices: z.array(ReferralPractice).optional(),
});
export type Referral = z.infer<typeof ReferralSchema>;

/** One line of the received or sent list. */
export const ReferralListItem = z.object({
  _id: z.string(),
  sender: PartySchema,
  ageGroup: z.string(),
  concerns: z.array(z.string()),
  sessionFormats: z.array(z.string()),
  region: z.string(),
  urgency: z.enum(URGENCIES),
  neededBy: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  toBoard: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Received box: the caller's own state; sent box: null. */
  myResponse: z.enum(RECIPIENT_STATES).nullable(),
  /** Sent box: how many were asked, how many accepted, how many board offers wait; received box: zeros. */
  recipientCount: z.number(),
  acceptedCount: z.number(),
  openOffers: z.number(),
});
export type ReferralListItem = z.infer<typeof ReferralListItem>;

/** Pass `nextCursor` as `before` for the next page; null on the last one. */
export const ReferralPage = z.object({ referrals: z.array(ReferralListItem), nextCursor: z.string().nullable() });
export type ReferralPage = z.infer<typeof ReferralPage>;

export const BoardItem = z.object({
  _id: z.string(),
  sender: PartySchema,
  ...Needs,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Whether the caller is licensed in the client's region: the board labels the others "Not licensed in ON". */
  youAreLicensedInRegion: z.boolean(),
  /** The caller's own offer, if they made one. */
  myOffer: z.object({ message: z.string(), status: z.enum(OFFER_STATUSES), createdAt: z.string() }).nullable(),
});
export type BoardItem = z.infer<typeof BoardItem>;
export const BoardPage = z.object({ referrals: z.array(BoardItem), nextCursor: z.string().nullable() });
export type BoardPage = z.infer<typeof BoardPage>;

/** The needs a suggested therapist matches, as stored values: the web app labels them in the reader's language. */
const SuggestionMatch = z.object({
  ageGroup: z.string().nullable(),
  concerns: z.array(z.string()),
  modalities: z.array(z.string()),
  sessionFormats: z.array(z.string()),
  languages: z.array(z.string()),
  feeModels: z.array(z.string()),
});
export type SuggestionMatch = z.infer<typeof SuggestionMatch>;

const SuggestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  profession: z.string(),
  location: z.string(),
  acceptingClients: z.enum(ACCEPTING_STATUSES),
  availabilityNote: z.string(),
  availabilityUpdatedAt: z.string().nullable(),
  /** In the caller's network (favourites). */
  inNetwork: z.boolean(),
  /** Licensed in the client's region (false when none was given); the others are labelled "Not licensed in ON". */
  licensedInRegion: z.boolean(),
  /** The needs this therapist matches, in English, for API clients: "Teen", "Anxiety", "EMDR", "Online", "licensed in ON". */
  reasons: z.array(z.string()),
  /** The same needs as values, in the form's order; the web app words them (with licensedInRegion) in the reader's language. */
  matched: SuggestionMatch,
  ...ResponsivenessFields,
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
export const SuggestionsResponse = z.object({
  suggestions: z.array(SuggestionSchema),
  /** Group practices several of whose clinicians match (docs/decisions/0345); refer to them with `recipientPracticeIds`. */
  practices: z.array(PracticeSuggestionSchema).optional(),
});

/** GET /api/referrals/counts: the nav badge. */
export const ReferralCounts = z.object({ receivedOpen: z.number(), sentOpen: z.number() });
export type ReferralCounts = z.infer<typeof ReferralCounts>;

/** GET /api/admin/referrals/stats: administrators see counts, never contents. */
export const ReferralStats = z.object({
  total: z.number(),
  open: z.number(),
  placed: z.number(),
  withdrawn: z.number(),
  expired: z.number(),
  onBoard: z.number(),
  sentLast30Days: z.number(),
});
export type ReferralStats = z.infer<typeof ReferralStats>;

// ---- socket.io (server → client, to `user:<id>` rooms) ----

const REFERRAL_EVENT_KINDS = ['received', 'answered', 'placed', 'withdrawn', 'offer', 'offerAccepted', 'outcome'] as const;
/** `referralReceived` (a new referral for this user) and `referralUpdated` (anything else): fetch it again by id. */
export const ReferralEvent = z.object({
  referralId: z.string(),
  kind: z.enum(REFERRAL_EVENT_KINDS),
  status: z.enum(REFERRAL_STATUSES),
});
export type ReferralEvent = z.infer<typeof ReferralEvent>;
export interface ReferralServerEvents {
  referralReceived: (event: ReferralEvent) => void;
  referralUpdated: (event: ReferralEvent) => void;
}
