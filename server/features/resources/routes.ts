import type { FastifyRequest } from 'fastify';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import {
  AdminResourceListQuery, RESOURCE_LOGIN_REQUIRED, RESOURCE_SUBMITTED, ResourceBody, ResourceListQuery, ResourcePageSchema, type ResourceListParams,
  ResourceResponse, ResourceSearchQuery,
} from '../../../common/resources.ts';
import type { App, AppContext } from '../../context.ts';
import { adminOnly, authenticated, requireAdmin, requireUser, requireVerified } from '../../lib/auth.ts';
import { unauthorized } from '../../lib/errors.ts';
import { coalesce } from '../../lib/coalesce.ts';
import { createPublishedCounter, listForModeration, listPublished, searchPublished } from './queries.ts';
import { approveResource, removeResource, submitResource, type RemovalKind } from './service.ts';

const REMOVED: Record<RemovalKind, string> = {
  declined: 'Resource declined.',
  deleted: 'Resource deleted.',
  withdrawn: 'Resource withdrawn.',
};

// Runs before body validation, so a signed-out visitor always hears the spec's sentence rather than a field error.
async function signedInToSubmit(request: FastifyRequest) {
  if (!request.user) throw unauthorized(RESOURCE_LOGIN_REQUIRED, request.sessionEnded ? 'SESSION_ENDED' : 'UNAUTHORIZED');
  requireVerified(request);
}

export function resourcesRoutes(app: App, ctx: AppContext): void {
  const counter = createPublishedCounter(ctx.db);
  // The same public page asked for at the same moment is read once (see coalesce).
  const publicPage = coalesce((q: ResourceListParams) => listPublished(ctx.db, counter, q), (q) => `${q.page}:${q.limit}:${q.category ?? ''}`);

  app.get('/api/resources', { schema: { querystring: ResourceListQuery, response: { 200: ResourcePageSchema } } },
    async (request) => publicPage(request.query));

  app.get('/api/resources/search', { schema: { querystring: ResourceSearchQuery, response: { 200: ResourcePageSchema } } },
    async (request) => searchPublished(ctx.db, request.query));

  app.post('/api/resources', { onRequest: signedInToSubmit, schema: { body: ResourceBody, response: { 201: ResourceResponse } } },
    async (request, reply) => {
      const resource = await submitResource(ctx.db, requireVerified(request), request.body);
      return reply.code(201).send({ msg: RESOURCE_SUBMITTED, resource });
    });

  app.get('/api/resources/all', { onRequest: adminOnly, schema: { querystring: AdminResourceListQuery, response: { 200: ResourcePageSchema } } },
    async (request) => listForModeration(ctx.db, request.query));

  app.patch('/api/resources/:id/approve', { onRequest: adminOnly, schema: { params: IdParams, response: { 200: ResourceResponse } } },
    async (request) => {
      const resource = await approveResource(ctx.db, requireAdmin(request), request.params.id);
      counter.forget();
      return { msg: 'Resource approved.', resource };
    });

  app.delete('/api/resources/:id', { onRequest: authenticated, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      const kind = await removeResource(ctx.db, requireUser(request), request.params.id);
      counter.forget();
      return { msg: REMOVED[kind] };
    });
}
