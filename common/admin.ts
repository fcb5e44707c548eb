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

export const REJECTION_REASON_REQUIRED = 'A reason is required to reject a licence.';
