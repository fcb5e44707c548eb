import type { App, AppContext } from '../../context.ts';
import { adminOnly, authenticated, requireAdmin, requireUser, requireVerified, verified } from '../../lib/auth.ts';
import { IdParams } from '../../../common/ids.ts';
import { CommunitiesQuery, CommunitySearchQuery, CreateCommunityBody, ShortListQuery } from '../../../common/communities.ts';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../../common/constants.ts';
import { recommendations } from './recommendations.ts';
import {
  createCommunity, deleteCommunity, getCommunity, joinedCommunities, listCommunities, searchCommunities, setMembership,
} from './communities.ts';

const JOINED_DEFAULT = 100;

/**
 * Communities (spec section 7). The list, search and one community are readable signed out (names and
 * descriptions only; posts need a session); joining and creating need a verified licence; deleting is for
 * administrators. Access is checked in preValidation, so 401/403 come before any complaint about the input.
 */
export function communitiesRoutes(app: App, ctx: AppContext): void {
  app.get('/api/communities', { schema: { querystring: CommunitiesQuery } }, async (request) => {
    const { page, limit } = request.query;
    return listCommunities(ctx, request.user?.id ?? null, page, limit);
  });

  app.get('/api/communities/search', { schema: { querystring: CommunitySearchQuery } }, async (request) => {
    const { query, page, limit } = request.query;
    return searchCommunities(ctx, request.user?.id ?? null, query, page, limit);
  });

  app.get('/api/communities/joined', { preValidation: authenticated, schema: { querystring: ShortListQuery } }, async (request) => {
    const user = requireUser(request);
    return joinedCommunities(ctx.db, user.id, request.query.limit ?? JOINED_DEFAULT);
  });

  app.get('/api/communities/recommendations', { preValidation: authenticated, schema: { querystring: ShortListQuery } }, async (request) => {
    const user = requireUser(request);
    return recommendations(ctx.db, user.id, request.query.limit ?? FORUM_SIDEBAR_COMMUNITIES);
  });

  app.get('/api/communities/:id', { schema: { params: IdParams } }, async (request) => {
    return getCommunity(ctx.db, request.user?.id ?? null, request.params.id);
  });

  app.post('/api/communities', { preValidation: verified, schema: { body: CreateCommunityBody } }, async (request, reply) => {
    const user = requireVerified(request);
    return reply.code(201).send(await createCommunity(ctx, user, request.body));
  });

  app.delete('/api/communities/:id', { preValidation: adminOnly, schema: { params: IdParams } }, async (request) => {
    const admin = requireAdmin(request);
    await deleteCommunity(ctx, admin, request.params.id);
    return { msg: 'Community deleted.' };
  });

  app.post('/api/communities/:id/join', { preValidation: verified, schema: { params: IdParams } }, async (request) => {
    const user = requireVerified(request);
    return setMembership(ctx, user, request.params.id, true);
  });

  app.delete('/api/communities/:id/unjoin', { preValidation: verified, schema: { params: IdParams } }, async (request) => {
    const user = requireVerified(request);
    return setMembership(ctx, user, request.params.id, false);
  });
}
