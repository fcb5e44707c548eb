import type { App, AppContext } from '../../context.ts';
import { adminOnly, currentUser, verified } from '../../lib/auth.ts';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import {
  CommunitiesPageSchema, CommunitiesQuery, CommunitySchema, CommunitySearchQuery, CreateCommunityBody, RecommendationSchema, ShortListQuery,
} from '../../../common/communities.ts';
import { z } from 'zod';
import * as communities from './communities.ts';
import { reads } from '../../lib/read-routing.ts';

/**
 * Communities (spec section 7). The list, search and one community are readable signed out (names and
 * descriptions only; posts need a session); joining and creating need a verified licence; deleting is for
 * administrators.
 */
export function communitiesRoutes(app: App, ctx: AppContext): void {
  app.get('/api/communities', { schema: { querystring: CommunitiesQuery, response: { 200: CommunitiesPageSchema } } },
    async (request) => communities.listCommunities(await reads(ctx, request), request.user, request.query));

  app.get('/api/communities/search', { schema: { querystring: CommunitySearchQuery, response: { 200: CommunitiesPageSchema } } },
    async (request) => communities.searchCommunities(await reads(ctx, request), request.user, request.query));

  app.get('/api/communities/joined', {
    onRequest: verified, schema: { querystring: ShortListQuery, response: { 200: z.array(CommunitySchema) } },
  }, async (request) => communities.joinedCommunities(ctx, currentUser(request), request.query));

  app.get('/api/communities/recommendations', {
    onRequest: verified, schema: { querystring: ShortListQuery, response: { 200: z.array(RecommendationSchema) } },
  }, async (request) => communities.recommendCommunities(await reads(ctx, request), currentUser(request), request.query));

  app.get('/api/communities/:id', { schema: { params: IdParams, response: { 200: CommunitySchema } } },
    async (request) => communities.getCommunity(ctx, request.user, request.params));

  app.post('/api/communities', { onRequest: verified, schema: { body: CreateCommunityBody, response: { 201: CommunitySchema } } },
    async (request, reply) => reply.code(201).send(await communities.createCommunity(ctx, currentUser(request), request.body)));

  app.delete('/api/communities/:id', { onRequest: adminOnly, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await communities.deleteCommunity(ctx, currentUser(request), request.params);
      return { msg: 'Community deleted.' };
    });

  app.post('/api/communities/:id/join', { onRequest: verified, schema: { params: IdParams, response: { 200: CommunitySchema } } },
    async (request) => communities.setMembership(ctx, currentUser(request), { ...request.params, member: true }));

  app.delete('/api/communities/:id/unjoin', { onRequest: verified, schema: { params: IdParams, response: { 200: CommunitySchema } } },
    async (request) => communities.setMembership(ctx, currentUser(request), { ...request.params, member: false }));
}
