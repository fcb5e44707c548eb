// Therapist network endpoints. GET /api/users/me and the account routes under /api/users belong to accounts;
// find-my-way matches those literal paths before the /api/users/:id parameter route below.
import {
  DirectoryQuery, DirectoryResponse, FavoriteParams, FavoritesResponse, Profile, ProfileParams, ProfileUpdateBody,
} from '../../../common/therapists.ts';
import type { FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser, requireUser, requireVerified, verified } from '../../lib/auth.ts';
import * as therapists from './service.ts';
import { reads } from '../../lib/read-routing.ts';

// Anyone may create a pending account with made-up licence details, so until an administrator verifies it a member
// reads only their own profile; other profiles need the `verified` guard (params are routed before onRequest).
async function ownOrVerified(request: FastifyRequest) {
  const user = requireUser(request);
  if ((request.params as { id?: string }).id !== user.id) requireVerified(request);
}

export function therapistsRoutes(app: App, ctx: AppContext): void {
  app.get('/api/users', { schema: { querystring: DirectoryQuery, response: { 200: DirectoryResponse } } },
    async (request) => therapists.searchDirectory(await reads(ctx, request), request.user, request.query));

  app.get('/api/users/:id', { onRequest: ownOrVerified, schema: { params: ProfileParams, response: { 200: Profile } } },
    async (request) => therapists.getProfile(ctx, currentUser(request), request.params));

  app.put('/api/users/me', { onRequest: authenticated, schema: { body: ProfileUpdateBody, response: { 200: Profile } } },
    async (request) => therapists.updateProfile(ctx, currentUser(request), request.body));

  app.post('/api/users/me/availability/confirm', { onRequest: verified, schema: { response: { 200: Profile } } },
    async (request) => therapists.confirmAvailability(ctx, currentUser(request)));

  app.get('/api/users/me/favorites', { onRequest: authenticated, schema: { response: { 200: FavoritesResponse } } },
    async (request) => therapists.listFavorites(ctx, currentUser(request)));

  app.patch('/api/users/favorites/:userId', { onRequest: verified, schema: { params: FavoriteParams, response: { 200: Profile } } },
    async (request) => therapists.toggleFavorite(ctx, currentUser(request), request.params));
}
