import { z } from 'zod';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import {
  MentionQuery, MentionSuggestions, NotificationPreferences, NotificationsPage, NotificationsQuery, PreferenceKey, ReadBody,
  UnreadCount, UnsubscribeQuery, UpdatePreferencesBody,
} from '../../../common/notifications.ts';
import { AppError } from '../../lib/errors.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { pushRoutes } from './push-routes.ts';
import * as notifications from './service.ts';
import { reads } from '../../lib/read-routing.ts';

const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';
const UnsubscribeInfo = z.object({ type: PreferenceKey, label: z.string() });

/**
 * The notification centre: verified members read and manage their own notifications and preferences and
 * find members to mention. The unsubscribe routes need no session: the signed token is the proof (RFC 8058).
 */
export function notificationsRoutes(app: App, ctx: AppContext): void {
  app.get('/api/notifications', {
    onRequest: verified, schema: { querystring: NotificationsQuery, response: { 200: NotificationsPage } },
  }, async (request, reply) => sendJsonText(reply, await notifications.listNotifications(ctx, currentUser(request), request.query)));

  app.get('/api/notifications/unread-count', { onRequest: verified, schema: { response: { 200: UnreadCount } } },
    async (request) => notifications.unreadCount(await reads(ctx, request), currentUser(request)));

  app.post('/api/notifications/read', { onRequest: verified, schema: { body: ReadBody, response: { 200: UnreadCount } } },
    async (request) => notifications.markRead(ctx, currentUser(request), request.body));

  app.get('/api/notifications/preferences', { onRequest: verified, schema: { response: { 200: NotificationPreferences } } },
    async (request) => notifications.getPreferences(ctx, currentUser(request)));

  app.put('/api/notifications/preferences', {
    onRequest: verified, schema: { body: UpdatePreferencesBody, response: { 200: NotificationPreferences } },
  }, async (request) => notifications.updatePreferences(ctx, currentUser(request), request.body));

  app.get('/api/users/mentions', {
    onRequest: verified, schema: { querystring: MentionQuery, response: { 200: MentionSuggestions } },
  }, async (request) => notifications.mentionSuggestions(await reads(ctx, request), currentUser(request), request.query));

  // Public: what the link would turn off, for the page that asks first. Changes nothing.
  app.get(UNSUBSCRIBE_PATH, { schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeInfo } } },
    async (request) => notifications.describeUnsubscribe(ctx, request.user, { ...request.query, locale: request.locale }));

  // Public, RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form, the page POSTs JSON or nothing.
  // A form is accepted on this route only; every other route still answers 415 to one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (request, _body, done) => {
    if (request.routeOptions.url === UNSUBSCRIBE_PATH) done(null, null);
    else done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type; send application/json.'), undefined);
  });
  app.post(UNSUBSCRIBE_PATH, { schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeInfo } } },
    async (request) => notifications.unsubscribe(ctx, request.user, { ...request.query, locale: request.locale }));

  pushRoutes(app, ctx);
}
