import { z } from 'zod';
import { PageInfo } from './paging.ts';

const AUDIT_PAGE_SIZE = 25;

export const AuditQuery = z.object({
  page: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more')
    .max(100_000, 'is too large').default(1),
  limit: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more')
    .max(100, 'must be at most 100').default(AUDIT_PAGE_SIZE),
});

/** One administrator action: who (actor), what (action), which target, when. */
const AuditEntrySchema = z.object({
  _id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  /** The target in words (a title or a name) when known. */
  targetName: z.string().nullable(),
  /** Where the target is shown now (a post, a member's account page); null when it has none or no longer exists. */
  targetLink: z.string().nullable(),
  createdAt: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  ...PageInfo,
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
