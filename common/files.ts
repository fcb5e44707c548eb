// Documents: the upload's answer, the attachments of a message, a referral or a consultation case, and the
// texts of every refusal. Shared by the server and the web app.
import { z } from 'zod';
import { IdSchema } from './ids.ts';

const FILE_KINDS = ['image', 'pdf', 'document', 'text'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Files one chat message may carry. */
export const MESSAGE_ATTACHMENTS_MAX = 5;
/** The thumbnail's longest side (images only). */
export const THUMBNAIL_PX = 320;
/** Images are scaled down to at most this many pixels a side. */
export const IMAGE_MAX_PX = 4096;
/** Files not attached within this are removed. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60_000;


/**
 * POST /api/files → 201, and each attachment in a message or a referral. `thumbnailUrl`: images only (320 px WebP);
 * `pages`: PDFs only; `width`/`height`: images only, as stored (after scaling). Download: GET /api/files/{_id}.
 */
export const FileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  kind: z.enum(FILE_KINDS),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  thumbnailUrl: z.string().optional(),
  pages: z.number().int().optional(),
});
export type FileInfo = z.infer<typeof FileSchema>;
/** A file as a message or a referral carries it: the same fields. */
export type Attachment = FileInfo;

export const thumbnailUrl = (id: string) => `/api/files/${id}/thumbnail`;

/** The ids a message or a referral attaches: the sender's own uploads, not attached anywhere yet. */
export const AttachmentIds = z.array(IdSchema).max(MESSAGE_ATTACHMENTS_MAX, `A message can carry at most ${MESSAGE_ATTACHMENTS_MAX} files.`);

/** POST /api/referrals/{id}/files `{ fileIds }` → the referral's documents. */
export const AttachToReferralBody = z.object({ fileIds: z.array(IdSchema).min(1).max(MESSAGE_ATTACHMENTS_MAX) });
/** GET /api/referrals/{id}/files and the answer of the POST. */
export const ReferralFiles = z.object({ files: z.array(FileSchema) });

/** POST /api/groups/{id}/cases/{caseId}/files `{ fileIds }` → the case's documents (members of the group only). */
export const AttachToCaseBody = z.object({ fileIds: z.array(IdSchema).min(1).max(MESSAGE_ATTACHMENTS_MAX) });
/**
 * GET /api/groups/{id}/cases/{caseId}/files and the answer of the POST: every file shared on the case, those attached
 * to the case itself and those on its comments, in the order they were attached.
 */
export const CaseFiles = z.object({ files: z.array(FileSchema) });

/** GET /api/users/me/storage: what the member's files take, against their quota (/settings). */
export const StorageUse = z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() });
export type StorageUse = z.infer<typeof StorageUse>;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;

// Texts a client may show; the server sends them as `{msg, code}`.
export const FILE_ERRORS = {
  notMultipart: 'Send the file as multipart/form-data.',
  noFile: 'Choose a file to upload.',
  tooLarge: (maxBytes: number) => `This file is larger than ${mb(maxBytes)}. Please choose a smaller one.`,
  quota: (quotaBytes: number) => `Your files would take more than your ${mb(quotaBytes)} of storage. Remove older conversations' files or ask an administrator.`,
  rate: 'You have uploaded many files in the last hour. Please try again later.',
  unknownType: 'This type of file is not accepted. You can share images (PNG, JPEG, WebP, HEIC, GIF), PDFs, Word, Excel and OpenDocument text files, plain text and CSV.',
  mismatch: (ext: string, actual: string) => `This file is named .${ext} but its contents are ${actual}. Rename it or choose another file.`,
  encryptedPdf: 'This PDF is password-protected. Please remove the password and upload it again.',
  malformedPdf: 'This PDF could not be read. It may be damaged; please export it again.',
  badImage: 'This image could not be read. It may be damaged; please choose another.',
  imageTooLarge: 'This image has too many pixels to process. Please choose a smaller one.',
  heicUnsupported: 'HEIC photos cannot be converted on this server. Please share it as JPEG (on iPhone: Settings › Camera › Formats › Most Compatible).',
  badText: 'This text file is not valid UTF-8 text. Please save it as UTF-8 and upload it again.',
  notFound: 'File not found.',
  notYours: 'You can only attach files you uploaded.',
  alreadyAttached: 'This file is already attached elsewhere. Upload it again to share it here.',
  tooMany: `A message can carry at most ${MESSAGE_ATTACHMENTS_MAX} files.`,
  referralNotAccepted: 'Documents can be shared once the referral has been accepted.',
} as const;
