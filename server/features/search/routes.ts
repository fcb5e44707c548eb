import { SearchQuery, SearchResponse } from '../../../common/search.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { searchEverything, type SearchSources } from './service.ts';

/**
 * GET /api/search?q=: the top bar's grouped search, for verified members (what it finds, posts above all, is theirs to
 * read only). Its sources are the other features' searches, handed in by features/index.ts.
 */
export const searchRoutes = (sources: SearchSources) => (app: App, ctx: AppContext): void => {
  app.get('/api/search', { onRequest: verified, schema: { querystring: SearchQuery, response: { 200: SearchResponse } } },
    async (request) => searchEverything(ctx, currentUser(request), request.query, sources));
};
