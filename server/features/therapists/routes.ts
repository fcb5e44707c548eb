// Therapist network endpoints. GET /api/users/me and the account routes under /api/users belong to accounts;
// find-my-way matches those literal paths before the /api/users/:id parameter route below.
import {
  DirectoryQuery, DirectoryResponse, FavoriteParams, FavoritesResponse, Profile, ProfileParams, ProfileUpdateBody,
} from '../../../common/therapists.ts';
import type { App, AppContext } from '../../context.ts';
import { requireUser, requireVerified } from '../../lib/auth.ts';
import { getProfile, listFavorites, searchDirectory, toggleFavorite, updateProfile } from './service.ts';

export function therapistsRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  // Public: the directory and the landing page's featured therapists (`?limit=6`).
  app.get('/api/users', { schema: { querystring: DirectoryQuery, response: { 200: DirectoryResponse } } },
    async (request) => searchDirectory(ctx, request.query));

  app.get('/api/users/:id', { schema: { params: ProfileParams, response: { 200: Profile } } },
    async (request) => getProfile(db, requireUser(request), request.params.id));

  // Pending users may complete their profile while they wait for verification.
  app.put('/api/users/me', { schema: { body: ProfileUpdateBody, response: { 200: Profile } } },
    async (request) => updateProfile(db, requireUser(request), request.body));

  app.get('/api/users/me/favorites', { schema: { response: { 200: FavoritesResponse } } },
    async (request) => listFavorites(db, requireUser(request)));

  app.patch('/api/users/favorites/:userId', { schema: { params: FavoriteParams, response: { 200: Profile } } },
    async (request) => toggleFavorite(db, requireVerified(request), request.params.userId));
}
