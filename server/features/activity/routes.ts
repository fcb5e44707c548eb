import type { FastifyReply } from 'fastify';
import { FeedQuery, FeedResponse } from '../../../common/activity.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { activityFeedJson } from './service.ts';

// A string with a JSON content type is sent as it is: Fastify does not serialise it again, so the response schema
// documents it without re-validating it on this hot path (the tests check the items against it).
const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

export function activityRoutes(app: App, ctx: AppContext): void {
  app.get('/api/activity/feed', { onRequest: verified, schema: { querystring: FeedQuery, response: { 200: FeedResponse } } },
    async (request, reply) => sendJsonText(reply, await activityFeedJson(ctx, currentUser(request), request.query)));
}
