import type { FastifyRequest } from 'fastify';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import {
  AdminResourceListQuery, RESOURCE_LOGIN_REQUIRED, RESOURCE_SUBMITTED, ResourceBody, ResourceListQuery, ResourcePageSchema,
  ResourceResponse, ResourceSearchQuery,
} from '../../../common/resources.ts';
import type { App, AppContext } from '../../context.ts';
import { adminOnly, authenticated, currentUser, requireVerified } from '../../lib/auth.ts';
import { unauthorized } from '../../lib/errors.ts';
import * as library from './service.ts';

const REMOVED: Record<library.RemovalKind, string> = {
  declined: 'Resource declined.',
  deleted: 'Resource deleted.',
  withdrawn: 'Resource withdrawn.',
};

// The `verified` guard, with the spec's own sentence for a signed-out visitor.
async function signedInToSubmit(request: FastifyRequest) {
  if (!request.user) throw unauthorized(RESOURCE_LOGIN_REQUIRED, request.sessionEnded ? 'SESSION_ENDED' : 'UNAUTHORIZED');
  requireVerified(request);
}

export function resourcesRoutes(app: App, ctx: AppContext): void {
  app.get('/api/resources', { schema: { querystring: ResourceListQuery, response: { 200: ResourcePageSchema } } },
    async (request) => library.listResources(ctx, request.user, request.query));

  app.get('/api/resources/search', { schema: { querystring: ResourceSearchQuery, response: { 200: ResourcePageSchema } } },
    async (request) => library.searchResources(ctx, request.user, request.query));

  app.post('/api/resources', { onRequest: signedInToSubmit, schema: { body: ResourceBody, response: { 201: ResourceResponse } } },
    async (request, reply) => {
      const resource = await library.submitResource(ctx, currentUser(request), request.body);
      return reply.code(201).send({ msg: RESOURCE_SUBMITTED, resource });
    });

  app.get('/api/resources/all', { onRequest: adminOnly, schema: { querystring: AdminResourceListQuery, response: { 200: ResourcePageSchema } } },
    async (request) => library.listAllResources(ctx, currentUser(request), request.query));

  app.patch('/api/resources/:id/approve', { onRequest: adminOnly, schema: { params: IdParams, response: { 200: ResourceResponse } } },
    async (request) => ({ msg: 'Resource approved.', resource: await library.approveResource(ctx, currentUser(request), request.params) }));

  app.delete('/api/resources/:id', { onRequest: authenticated, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => ({ msg: REMOVED[await library.removeResource(ctx, currentUser(request), request.params)] }));
}
