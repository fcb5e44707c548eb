import { SearchQuery, SearchResponse } from '../../../common/search.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { searchEverything, type SearchSources } from './service.ts';
import { reads } from '../../lib/read-routing.ts';

/**
 * GET /api/search?q=: the top bar's grouped search, for verified members (what it finds, posts above all, is theirs to
 * read only). Its sources are the other features' searches, handed in by features/index.ts.
 * Sent uncompressed: the answer is small and bounded (20 items, about 1.6 KB, well within the first round trip's
 * 14 KB), and gzip of each one cost about 0.15 ms of CPU, a tenth of the request (docs/decisions/0105).
 */
export const searchRoutes = (sources: SearchSources) => (app: App, ctx: AppContext): void => {
  app.get('/api/search', {
    onRequest: verified, compress: false, schema: { querystring: SearchQuery, response: { 200: SearchResponse } },
  }, async (request) => searchEverything(await reads(ctx, request), currentUser(request), request.query, sources));
};
