import { z } from 'zod';
import { PageInfo } from './paging.ts';
import { VERIFICATION_STATUSES } from './accounts.ts';
import { IdSchema } from './ids.ts';

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'must be at most 100').default(20),
});

export const PendingVerification = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profession: z.string(),
  licenceNumber: z.string(),
  licensingBody: z.string(),
  region: z.string(),
  country: z.string(),
  createdAt: z.string(),
  /** The licence's expiry date; null when unknown. */
  licenceExpiresOn: z.string().nullable(),
  /** A verified member whose licence expired and who entered the renewed one: shown apart from new members. */
  renewal: z.boolean(),
});
export type PendingVerification = z.infer<typeof PendingVerification>;

export const VerificationQueue = z.object({
  users: z.array(PendingVerification),
  total: z.number(),
  ...PageInfo,
});
export type VerificationQueue = z.infer<typeof VerificationQueue>;

export const UserIdParams = z.object({ userId: IdSchema });

export const VerificationDecisionBody = z.object({
  approved: z.boolean(),
  reason: z.string().trim().max(1000).optional(),
});
export type VerificationDecision = z.infer<typeof VerificationDecisionBody>;

export const DisableUserBody = z.object({ disabled: z.boolean() });

/** PATCH /api/admin/verifications/{userId}: the decided account (its email stays out). */
export const VerificationDecisionResponse = z.object({
  _id: z.string(),
  name: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  verifiedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type VerificationDecisionResult = z.infer<typeof VerificationDecisionResponse>;

/** PATCH /api/admin/users/{userId} */
export const UserDisabledResponse = z.object({ _id: z.string(), name: z.string(), disabled: z.boolean() });
export type UserDisabledResult = z.infer<typeof UserDisabledResponse>;

/** POST /api/admin/users/{userId}/two-factor/reset: the answers people read. */
export const TWO_FACTOR_RESET = {
  done: 'Two-factor sign-in was turned off for this member, who has been told by email.',
  notOn: 'This member has not turned on two-factor sign-in.',
  notOwn: 'You cannot reset your own two-factor sign-in. Turn it off in Settings, Security.',
} as const;

export const REJECTION_REASON_REQUIRED = 'A reason is required to reject a licence.';

/** A verified member's name change waiting for review: the name everyone sees, and the one asked for. */
export const NameChange = z.object({
  _id: z.string(),
  name: z.string(),
  pendingName: z.string(),
  requestedAt: z.string(),
  /** How many other members already carry exactly the requested name (ignoring case): a sign of impersonation. */
  sameNameCount: z.number(),
});
export type NameChange = z.infer<typeof NameChange>;

export const NameChangeQueue = z.object({
  nameChanges: z.array(NameChange),
  total: z.number(),
  totalPages: z.number(),
  currentPage: z.number(),
});
export type NameChangeQueue = z.infer<typeof NameChangeQueue>;

export const NameDecisionBody = z.object({ approved: z.boolean() });
export type NameDecision = z.infer<typeof NameDecisionBody>;

/** PATCH /api/admin/verifications/{userId}/name: the member's name after the decision. */
export const NameDecisionResponse = z.object({ _id: z.string(), name: z.string(), approved: z.boolean() });
export type NameDecisionResult = z.infer<typeof NameDecisionResponse>;

export const NO_NAME_CHANGE = 'No name change is waiting for this member.';

/** GET /api/admin/queue-counts: how much work waits in each administrator queue (the navigation's badge). */
export const AdminQueueCounts = z.object({
  verifications: z.number(),
  nameChanges: z.number(),
  /** Reported items with open reports (several reports of one item count once). */
  reports: z.number(),
  resources: z.number(),
});
export type AdminQueueCounts = z.infer<typeof AdminQueueCounts>;
