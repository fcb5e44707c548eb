import { FeedQuery, FeedResponse } from '../../../common/activity.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { activityFeedJson } from './service.ts';
import { reads } from '../../lib/read-routing.ts';

export function activityRoutes(app: App, ctx: AppContext): void {
  app.get('/api/activity/feed', { onRequest: verified, schema: { querystring: FeedQuery, response: { 200: FeedResponse } } },
    async (request, reply) => sendJsonText(reply, await activityFeedJson(await reads(ctx, request), currentUser(request), request.query)));
}
