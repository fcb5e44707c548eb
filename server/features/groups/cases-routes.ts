import { AttachToCaseBody, CaseFiles } from '../../../common/files.ts';
import { CaseParams, CaseSchema, CommentBody, CreateCaseBody, DiscussedBody } from '../../../common/groups.ts';
import { IdParams } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { attachToCase, caseFiles } from './cases-files.ts';
import { commentOnCase, createCase, markDiscussed, readCase } from './cases.ts';

/** A group's de-identified cases, their comments and documents: members only. */
export function casesRoutes(app: App, ctx: AppContext): void {
  app.post('/api/groups/:id/cases', {
    onRequest: verified, config: { idempotent: true }, schema: { params: IdParams, body: CreateCaseBody, response: { 201: CaseSchema } },
  }, async (request, reply) => reply.code(201).send(await createCase(ctx, currentUser(request), request.params.id, request.body)));

  app.get('/api/groups/:id/cases/:caseId', {
    onRequest: verified, schema: { params: CaseParams, response: { 200: CaseSchema } },
  }, async (request) => readCase(ctx, currentUser(request), request.params.id, request.params.caseId));

  app.post('/api/groups/:id/cases/:caseId/comments', {
    onRequest: verified, config: { idempotent: true }, schema: { params: CaseParams, body: CommentBody, response: { 201: CaseSchema } },
  }, async (request, reply) => reply.code(201).send(await commentOnCase(ctx, currentUser(request), request.params.id, request.params.caseId, request.body)));

  app.put('/api/groups/:id/cases/:caseId/discussed', {
    onRequest: verified, schema: { params: CaseParams, body: DiscussedBody, response: { 200: CaseSchema } },
  }, async (request) => markDiscussed(ctx, currentUser(request), request.params.id, request.params.caseId, request.body.meetingId));

  app.get('/api/groups/:id/cases/:caseId/files', {
    onRequest: verified, schema: { params: CaseParams, response: { 200: CaseFiles } },
  }, async (request) => caseFiles(ctx, currentUser(request), { groupId: request.params.id, caseId: request.params.caseId }));

  app.post('/api/groups/:id/cases/:caseId/files', {
    onRequest: verified, config: { idempotent: true }, schema: { params: CaseParams, body: AttachToCaseBody, response: { 201: CaseFiles } },
  }, async (request, reply) => reply.code(201).send(await attachToCase(ctx, currentUser(request), {
    groupId: request.params.id, caseId: request.params.caseId, fileIds: request.body.fileIds,
  })));
}
