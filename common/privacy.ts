// The member's own photo, a copy of their data, leaving, and the licence's expiry date.
import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { LIMITS } from './constants.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** An uploaded photo's address: the owner and the content hash of the WebP, so a new photo is a new address. */
export const UPLOADED_AVATAR = /^\/api\/users\/[0-9a-f-]{36}\/avatar\/[0-9a-f]{32}\.webp$/;

/** POST /api/users/me/avatar, DELETE /api/users/me/avatar */
export const AvatarResponse = z.object({ avatar: z.string().nullable() });
export type AvatarResponse = z.infer<typeof AvatarResponse>;
export const AvatarFileParams = z.object({
  id: IdSchema,
  file: z.string().max(80).regex(/^[0-9a-f]{32}\.webp$/, 'must be a photo file name'),
});

export const EXPORT_TTL_MS = 24 * 3_600_000;
const EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
export const DataExport = z.object({
  _id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string(),
  sizeBytes: z.number().nullable(),
});
export type DataExport = z.infer<typeof DataExport>;
/** GET /api/users/me/export: the latest request that has not expired, if any. */
export const LatestExportResponse = z.object({ export: DataExport.nullable() });
export type LatestExportResponse = z.infer<typeof LatestExportResponse>;
export const ExportParams = z.object({ id: IdSchema });

/** DELETE /api/users/me */
export const DeleteAccountBody = z.object({
  password: z.string().min(1, 'is required').max(LIMITS.passwordMax),
  /** The two-factor code, when two-factor sign-in is on. */
  code: z.string().trim().max(20, 'must be at most 20 characters').optional(),
  deleteContent: z.boolean().optional().default(false),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountBody>;
/** DELETE /api/admin/users/{id} */
export const AdminDeleteAccountBody = z.object({ deleteContent: z.boolean().optional().default(false) });

/** What a deleted member's posts, comments and messages show as their author. */
export const DELETED_MEMBER = 'Deleted member';
/** The title and text of a post its author deleted with the account, kept because others replied. */
export const DELETED_POST = '[deleted by its author]';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

/** "YYYY-MM-DD", a real date. */
const IsoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
/** Today's date in UTC, the day the server's expiry job counts in. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);
/** A licence's expiry date: required, and not in the past. */
export const LicenceExpiresOn = IsoDate.refine((day) => day >= todayIso(), 'must not be in the past');

/** GET /api/users/me/licence-expiry: what the dashboard's notice says. */
export const LicenceExpiryStatus = z.object({
  licenceExpiresOn: z.string().nullable(),
  daysLeft: z.number().nullable(),
  /** The licence lapsed and the member is back in the queue until an administrator verifies the renewal. */
  lapsed: z.boolean(),
});
export type LicenceExpiryStatus = z.infer<typeof LicenceExpiryStatus>;
