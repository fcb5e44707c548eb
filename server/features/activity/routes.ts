import { FeedQuery } from '../../../common/activity.ts';
import { ACTIVITY_FEED_SIZE } from '../../../common/constants.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated } from '../../lib/auth.ts';
import { coalesce } from '../../lib/coalesce.ts';
import { activityFeed } from './queries.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export function activityRoutes(app: App, ctx: AppContext): void {
  // Every dashboard opens with the same first page: overlapping requests share one read (see coalesce), and its JSON
  // is written once for all of them. Items are built by typed code (queries.ts) in the shape of FeedResponse, which
  // the tests check, so no response schema re-validates them on this hot path.
  const firstPageJson = coalesce(async () => JSON.stringify(await activityFeed(ctx.db, {}, ACTIVITY_FEED_SIZE)));

  // The dashboard's Recent Activity: new posts, comments and published resources, newest first.
  app.get('/api/activity/feed', { onRequest: authenticated, schema: { querystring: FeedQuery } }, async (request, reply) => {
    const json = request.query.before
      ? JSON.stringify(await activityFeed(ctx.db, request.query, ACTIVITY_FEED_SIZE))
      : await firstPageJson(undefined);
    // A string with a JSON content type is sent as it is.
    return reply.type(JSON_TYPE).send(json);
  });
}
