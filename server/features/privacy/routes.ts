import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AdminDeleteAccountBody, AVATAR_MAX_BYTES, AvatarFileParams, AvatarResponse, DataExport, DeleteAccountBody, ExportParams,
  LatestExportResponse, LicenceExpiryStatus, ACCOUNT_DELETED,
} from '../../../common/privacy.ts';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { adminOnly, authenticated, currentUser } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import * as avatars from './avatar.ts';
import * as deletion from './deletion.ts';
import * as exports from './export.ts';
import { licenceExpiryStatus } from './licence-expiry.ts';

const YEAR_SECONDS = 31_536_000;
const PHOTO_TOO_LARGE = 'This photo is larger than 5 MB. Please choose a smaller one.';
/** A body sent as bytes (an image, a ZIP): described for the API reference, not serialised. */
const Binary = z.any().describe('binary');

/** Privacy rights: the member's photo, a copy of their data, deleting the account; the licence's expiry notice. */
export async function privacyRoutes(app: App, ctx: AppContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 } });
  avatarRoutes(app, ctx);
  exportRoutes(app, ctx);
  deletionRoutes(app, ctx);
  app.get('/api/users/me/licence-expiry', { onRequest: authenticated, schema: { response: { 200: LicenceExpiryStatus } } },
    async (request) => licenceExpiryStatus(ctx, currentUser(request)));
}

function avatarRoutes(app: App, ctx: AppContext): void {
  app.post('/api/users/me/avatar', {
    onRequest: authenticated, bodyLimit: AVATAR_MAX_BYTES + 64 * 1024, schema: { response: { 200: AvatarResponse } },
  }, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data.');
    const part = await request.file();
    const file = part ? { bytes: await readPart(part), mimetype: part.mimetype, filename: part.filename } : null;
    return avatars.uploadAvatar(ctx, currentUser(request), file);
  });

  app.delete('/api/users/me/avatar', { onRequest: authenticated, schema: { response: { 200: AvatarResponse } } },
    async (request) => avatars.removeAvatar(ctx, currentUser(request)));

  app.get('/api/users/:id/avatar/:file', { schema: { params: AvatarFileParams, response: { 200: Binary } } }, async (request, reply) => {
    const image = await avatars.avatarImage(ctx, request.user, request.params);
    // The address holds the content's hash: it never changes meaning, so browsers keep it for a year.
    return reply.type('image/webp').header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
      .header('content-disposition', 'inline').send(image);
  });
}

/** The file's bytes, or 413 past 5 MB (the multipart limit stops reading there). */
async function readPart(part: { toBuffer: () => Promise<Buffer> }): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'TOO_LARGE', PHOTO_TOO_LARGE);
    throw err;
  }
}

function exportRoutes(app: App, ctx: AppContext): void {
  app.post('/api/users/me/export', { onRequest: authenticated, schema: { response: { 202: DataExport } } },
    async (request, reply) => reply.code(202).send(await exports.prepareExport(ctx, currentUser(request), { log: request.log })));

  app.get('/api/users/me/export', { onRequest: authenticated, schema: { response: { 200: LatestExportResponse } } },
    async (request) => exports.latestExport(ctx, currentUser(request)));

  app.get('/api/users/me/export/:id', { onRequest: authenticated, schema: { params: ExportParams, response: { 200: Binary } } },
    async (request, reply) => {
      const file = await exports.openExport(ctx, currentUser(request), request.params);
      return reply.type('application/zip').header('content-length', file.size)
        .header('content-disposition', `attachment; filename="thera-root-data-${file.day}.zip"`)
        .header('cache-control', 'private, no-store').send(file.stream);
    });
}

function deletionRoutes(app: App, ctx: AppContext): void {
  app.delete('/api/users/me', { onRequest: authenticated, schema: { body: DeleteAccountBody, response: { 200: MessageResponse } } },
    async (request) => {
      await deletion.deleteOwnAccount(ctx, currentUser(request), request.body);
      return { msg: ACCOUNT_DELETED };
    });

  app.delete('/api/admin/users/:id', {
    onRequest: adminOnly, schema: { params: IdParams, body: AdminDeleteAccountBody, response: { 200: MessageResponse } },
  }, async (request) => {
    await deletion.deleteAccountAsAdmin(ctx, currentUser(request), { ...request.params, ...request.body });
    return { msg: 'The account has been deleted.' };
  });
}
