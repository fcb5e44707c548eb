import { z } from 'zod';

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
  totalPages: z.number(),
  currentPage: z.number(),
});
export type VerificationQueue = z.infer<typeof VerificationQueue>;

export const REJECTION_REASON_REQUIRED = 'A reason is required to reject a licence.';
