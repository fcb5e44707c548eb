// GET /api/files/{id} and /thumbnail: the bytes decrypted as they stream, a single Range honoured (a PDF viewer, a
// resumed download). Each read by somebody other than the owner is in the access audit trail.
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { recordAuditedRead } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { storesOf } from '../../lib/files/records.ts';
import { getSealed, readAll } from '../../lib/files/sealed.ts';
import type { StorageKind } from '../../lib/files/storage.ts';
import { readableFile, readableThumbnail } from './access.ts';

export type Served = {
  stream: Readable; type: string; name: string; size: number; inline: boolean;
  range?: { start: number; end: number; total: number };
};

type ByteRange = { start: number; end: number };

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of a file of `size` bytes; undefined for no (or an ignorable) Range; 416 past the end. */
function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or units other than bytes: answered whole, as RFC 9110 allows.
  if (!match || (!match[1] && !match[2])) return undefined;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || start > end) throw new AppError(416, 'BAD_REQUEST', `This range is outside the file (${size} bytes).`);
  return { start, end };
}

export async function serveFile(ctx: AppContext, user: CurrentUser, input: { id: string; range?: string }): Promise<Served> {
  const file = await readableFile(ctx, user, input.id);
  const size = Number(file.size);
  const range = parseRange(input.range, size);
  if (file.via !== 'owner') {
    await recordAuditedRead(ctx.db, {
      actorId: user.id, action: 'file.download', targetType: 'file', targetId: file.id, memberId: file.owner_id,
      detail: {
        via: file.via, messageId: file.message_id, referralId: file.referral_id,
        ...(file.case_id ? { caseId: file.case_id, commentId: file.case_comment_id } : {}),
        ...(range ? { range: `${range.start}-${range.end}` } : {}),
      },
    });
  }
  const store = storesOf(ctx.db, ctx.config).of(file.storage as StorageKind);
  const stream = await getSealed(store, file.id, 'main', range);
  return {
    stream, type: file.content_type, name: file.name, size, inline: file.kind === 'image' || file.kind === 'pdf',
    range: range ? { ...range, total: size } : undefined,
  };
}

/**
 * The 320 px WebP of an image (shown in the message list: not a download, so not audited one by one). Who may see it is
 * asked of the database on every request; its bytes come decrypted from this node's memory when it has them
 * (decision 0375). `etag` is the same for every reader, as the bytes are.
 */
export async function serveThumbnail(ctx: AppContext, user: CurrentUser, input: { id: string }): Promise<{ bytes: () => Promise<Buffer>; etag: string }> {
  const storage = await readableThumbnail(ctx, user, input.id);
  const load = async () => readAll(await getSealed(storesOf(ctx.db, ctx.config).of(storage), input.id, 'thumb'));
  return { etag: `"t-${input.id}"`, bytes: () => ctx.caches.thumbnails.read(input.id, load) };
}
