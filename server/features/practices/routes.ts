import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AnswerForPracticeBody, AnswerInvitationBody, AssignBody, ChangeRoleBody, CreatePracticeBody, HandOverBody, InboxItem, InboxPage,
  InboxQuery, InvitationList, InvitationParams, InvitationSchema, InviteBody, LOGO_MAX_BYTES, LogoFileParams, MemberParams, PRACTICE_TEXTS, PracticeListPage,
  PracticeListQuery, PracticeParams, PracticeRefParams, PracticeReferralParams, PracticeSchema, UpdatePracticeBody,
} from '../../../common/practices.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, isAdmin, requireVerified, verified } from '../../lib/auth.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { answerForPractice, assign, listInbox } from './inbox.ts';
import { logoImage, removeLogo, uploadLogo } from './logo.ts';
import { answerInvitation, changeRole, handOver, invite, myInvitations, practiceInvitations, removeMember } from './members.ts';
import { createPractice, listPractices, readPractice, updatePractice } from './practices.ts';

/**
 * Practices are run by verified therapists. Platform administrators run the platform: they may read a practice's
 * public page, but hold no role in one and never read its inbox (docs/decisions/0245, as 0051 for referrals).
 */
const therapist = async (request: FastifyRequest) => {
  const user = requireVerified(request);
  if (isAdmin(user)) throw forbidden(PRACTICE_TEXTS.adminText);
};

const YEAR_SECONDS = 31_536_000;
/** A body sent as bytes (an image): described for the API reference, not serialised. */
const Binary = z.any().describe('binary');
const LOGO_LIMITS = { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 };

/** The file's bytes, or 413 past the limit (the multipart reader stops there). */
async function readPart(part: { toBuffer: () => Promise<Buffer> }): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'TOO_LARGE', PRACTICE_TEXTS.logoTooLarge);
    throw err;
  }
}

/** Group practices: the public page and directory, members and invitations, and the shared intake inbox. */
export function practicesRoutes(app: App, ctx: AppContext): void {
  app.post('/api/practices', {
    onRequest: therapist, config: { idempotent: true }, schema: { body: CreatePracticeBody, response: { 201: PracticeSchema } },
  }, async (request, reply) => reply.code(201).send(await createPractice(ctx, currentUser(request), request.body)));

  // Public, as the therapist directory is.
  app.get('/api/practices', { schema: { querystring: PracticeListQuery, response: { 200: PracticeListPage } } },
    async (request) => listPractices(ctx, request.query));

  app.get('/api/practices/:id', { schema: { params: PracticeRefParams, response: { 200: PracticeSchema } } },
    async (request) => readPractice(ctx, request.user, request.params.id));

  app.patch('/api/practices/:id', {
    onRequest: therapist, schema: { params: PracticeParams, body: UpdatePracticeBody, response: { 200: PracticeSchema } },
  }, async (request) => updatePractice(ctx, currentUser(request), request.params.id, request.body));

  // The logo. The multipart parser is global (the profile photo's routes register it); each upload passes its limits.
  app.post('/api/practices/:id/logo', {
    onRequest: therapist, bodyLimit: LOGO_MAX_BYTES + 64 * 1024, schema: { params: PracticeParams, response: { 200: PracticeSchema } },
  }, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PRACTICE_TEXTS.logoNotMultipart);
    const part = await request.file({ limits: LOGO_LIMITS });
    const file = part ? { bytes: await readPart(part), mimetype: part.mimetype, filename: part.filename } : null;
    return uploadLogo(ctx, currentUser(request), request.params.id, file);
  });

  app.delete('/api/practices/:id/logo', {
    onRequest: therapist, schema: { params: PracticeParams, response: { 200: PracticeSchema } },
  }, async (request) => removeLogo(ctx, currentUser(request), request.params.id));

  app.get('/api/practices/:id/logo/:file', { schema: { params: LogoFileParams, response: { 200: Binary } } }, async (request, reply) => {
    const image = await logoImage(ctx, request.params);
    // The address holds the content's hash: it never changes meaning, so browsers keep it for a year.
    return reply.type('image/webp').header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
      .header('content-disposition', 'inline').header('x-content-type-options', 'nosniff').send(image);
  });

  app.post('/api/practices/:id/invitations', {
    onRequest: therapist, config: { idempotent: true }, schema: { params: PracticeParams, body: InviteBody, response: { 201: InvitationSchema } },
  }, async (request, reply) => reply.code(201).send(await invite(ctx, currentUser(request), request.params.id, request.body)));

  app.get('/api/practices/:id/invitations', {
    onRequest: therapist, schema: { params: PracticeParams, response: { 200: InvitationList } },
  }, async (request) => practiceInvitations(ctx, currentUser(request), request.params.id));

  app.get('/api/users/me/practice-invitations', { onRequest: verified, schema: { response: { 200: InvitationList } } },
    async (request) => myInvitations(ctx, currentUser(request)));

  app.patch('/api/practices/:id/invitations/:invitationId', {
    onRequest: therapist, schema: { params: InvitationParams, body: AnswerInvitationBody, response: { 200: InvitationSchema } },
  }, async (request) => answerInvitation(ctx, currentUser(request), request.params.id, request.params.invitationId, request.body.accept));

  app.delete('/api/practices/:id/members/:userId', {
    onRequest: therapist, schema: { params: MemberParams, response: { 200: PracticeSchema } },
  }, async (request) => removeMember(ctx, currentUser(request), request.params.id, request.params.userId));

  app.patch('/api/practices/:id/members/:userId', {
    onRequest: therapist, schema: { params: MemberParams, body: ChangeRoleBody, response: { 200: PracticeSchema } },
  }, async (request) => changeRole(ctx, currentUser(request), request.params.id, request.params.userId, request.body.role));

  app.post('/api/practices/:id/owner', {
    onRequest: therapist, schema: { params: PracticeParams, body: HandOverBody, response: { 200: PracticeSchema } },
  }, async (request) => handOver(ctx, currentUser(request), request.params.id, request.body.userId));

  app.get('/api/practices/:id/referrals', {
    onRequest: therapist, schema: { params: PracticeParams, querystring: InboxQuery, response: { 200: InboxPage } },
  }, async (request) => listInbox(ctx, currentUser(request), request.params.id, request.query));

  app.post('/api/practices/:id/referrals/:referralId/assign', {
    onRequest: therapist, schema: { params: PracticeReferralParams, body: AssignBody, response: { 200: InboxItem } },
  }, async (request) => assign(ctx, currentUser(request), request.params.id, request.params.referralId, request.body.userId));

  app.patch('/api/practices/:id/referrals/:referralId', {
    onRequest: therapist, schema: { params: PracticeReferralParams, body: AnswerForPracticeBody, response: { 200: InboxItem } },
  }, async (request) => answerForPractice(ctx, currentUser(request), request.params.id, request.params.referralId));
}
