import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AttachToReferralBody, FILE_ERRORS, FileSchema, ReferralFiles, StorageUse } from '../../../common/files.ts';
import { IdParams } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser, verified } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { isUploadRetry, replayUpload } from '../../lib/idempotency.ts';
import { serveFile, serveThumbnail } from './download.ts';
import { digestOnly, uploadFile, usedBytes } from './upload.ts';
import { attachToReferral, referralFiles } from './referral-files.ts';

/** A body sent as bytes: described for the API reference, not serialised. */
const Binary = z.any().describe('binary');
// Whatever a member's file holds, the browser treats it as an inert document: no script, no plugin, no same-origin.
const FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";

/** `attachment` (or `inline`) with the name as ASCII and as UTF-8 (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** If-None-Match names this entity tag (or is `*`); weak and strong tags compare alike, as RFC 9110 says for it. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Documents: upload, download, thumbnails and the member's storage use (attaching is in chat and referrals). */
export async function filesRoutes(app: App, ctx: AppContext): Promise<void> {
  const { maxBytes } = ctx.config.files;
  // The plugin is global (the profile photo's routes may have registered it): each upload passes its own limits.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const limits = { fileSize: maxBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 };

  app.post('/api/files', {
    onRequest: verified, bodyLimit: maxBytes + 1024 * 1024, config: { idempotent: 'content' }, schema: { response: { 201: FileSchema } },
  }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', FILE_ERRORS.notMultipart);
    const part = await request.file({ limits });
    // A retry with an answered Idempotency-Key: its bytes are read for their digest, and the first answer replayed.
    if (part && isUploadRetry(request) && replayUpload(request, reply, await digestOnly(part))) return reply;
    const stored = await uploadFile(ctx, currentUser(request), part ? { filename: part.filename, file: part.file } : undefined);
    return reply.code(201).send(stored);
  });

  app.get('/api/files/:id', {
    onRequest: verified, compress: false, schema: { params: IdParams, response: { 200: Binary, 206: Binary } },
  }, async (request, reply) => {
    const file = await serveFile(ctx, currentUser(request), { id: request.params.id, range: request.headers.range });
    void reply.type(file.type).header('content-disposition', disposition(file.inline ? 'inline' : 'attachment', file.name))
      .header('content-security-policy', FILE_CSP).header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache').header('accept-ranges', 'bytes');
    if (file.range) {
      return reply.code(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.range.total}`)
        .header('content-length', file.range.end - file.range.start + 1).send(file.stream);
    }
    return reply.header('content-length', file.size).send(file.stream);
  });

  // Access is asked on every request, a revalidation included: a reader who may no longer see the file hears 404.
  app.get('/api/files/:id/thumbnail', {
    onRequest: verified, compress: false, schema: { params: IdParams, response: { 200: Binary, 304: Binary } },
  }, async (request, reply) => {
    const thumbnail = await serveThumbnail(ctx, currentUser(request), request.params);
    void reply.header('content-security-policy', FILE_CSP).header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600').header('etag', thumbnail.etag);
    if (matchesEtag(request.headers['if-none-match'], thumbnail.etag)) return reply.code(304).send();
    return reply.type('image/webp').header('content-disposition', 'inline').send(await thumbnail.bytes());
  });

  // A referral's documents, after it was accepted: its sender and the accepting recipient only.
  app.get('/api/referrals/:id/files', { onRequest: verified, schema: { params: IdParams, response: { 200: ReferralFiles } } },
    async (request) => referralFiles(ctx, currentUser(request), { referralId: request.params.id }));

  app.post('/api/referrals/:id/files', {
    onRequest: verified, config: { idempotent: true },
    schema: { params: IdParams, body: AttachToReferralBody, response: { 201: ReferralFiles } },
  }, async (request, reply) => reply.code(201).send(
    await attachToReferral(ctx, currentUser(request), { referralId: request.params.id, fileIds: request.body.fileIds }),
  ));

  app.get('/api/users/me/storage', { onRequest: authenticated, schema: { response: { 200: StorageUse } } },
    async (request) => ({ usedBytes: await usedBytes(ctx, currentUser(request).id), quotaBytes: ctx.config.files.quotaBytes }));
}
