import { FeedQuery } from '../../../common/activity.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated } from '../../lib/auth.ts';
import { activityFeedJson } from './service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export function activityRoutes(app: App, ctx: AppContext): void {
  // The dashboard's Recent Activity: new posts, comments and published resources, newest first. Items are built by
  // typed code (queries.ts) in the shape of FeedResponse, which the tests check, so no response schema re-validates
  // them on this hot path.
  app.get('/api/activity/feed', { onRequest: authenticated, schema: { querystring: FeedQuery } }, async (request, reply) => {
    // A string with a JSON content type is sent as it is.
    return reply.type(JSON_TYPE).send(await activityFeedJson(ctx, request.query));
  });
}
