import { z } from 'zod';
import {
  ConversationSchema, ConversationsQuery, CreateConversationBody, CreatedConversation, MessagesPage, MessagesQuery,
  PinConversationBody, PinMessageBody, PinUpdate,
} from '../../../common/chat.ts';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import { UnreadCount } from '../../../common/notifications.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser, verified } from '../../lib/auth.ts';
import * as chat from './service.ts';

/** A conversation route's `{id}` as the services name it. */
const inConversation = (params: { id: string }) => ({ conversationId: params.id });

export function chatRoutes(app: App, ctx: AppContext): void {
  // The sockets were closed by app.ts's preClose; their presence records and last emits finish here.
  app.addHook('onClose', async () => {
    await ctx.realtime.close();
  });

  app.get('/api/conversations', {
    onRequest: verified, schema: { querystring: ConversationsQuery, response: { 200: z.array(ConversationSchema) } },
  }, async (request) => chat.listConversations(ctx, currentUser(request), request.query));

  // Conversations with unread messages: the Chat item's badge (live updates arrive as `chatUnreadCount`).
  app.get('/api/conversations/unread-count', { onRequest: verified, schema: { response: { 200: UnreadCount } } },
    async (request) => chat.unreadConversations(ctx, currentUser(request)));

  app.post('/api/conversations', {
    onRequest: verified, schema: { body: CreateConversationBody, response: { 200: CreatedConversation, 201: CreatedConversation } },
  }, async (request, reply) => {
    const { id, created } = await chat.openConversation(ctx, currentUser(request), request.body);
    return reply.code(created ? 201 : 200).send({ _id: id });
  });

  // Beyond the spec's list: `/chat/{id}` opened directly shows its therapist even when its list page is not loaded.
  app.get('/api/conversations/:id', {
    onRequest: verified, schema: { params: IdParams, response: { 200: ConversationSchema } },
  }, async (request) => chat.getConversation(ctx, currentUser(request), inConversation(request.params)));

  app.delete('/api/conversations/:id', {
    onRequest: authenticated, schema: { params: IdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await chat.deleteConversation(ctx, currentUser(request), inConversation(request.params));
    return { msg: 'Conversation deleted.' };
  });

  app.get('/api/conversations/:id/messages', {
    onRequest: verified, schema: { params: IdParams, querystring: MessagesQuery, response: { 200: MessagesPage } },
  }, async (request) => chat.messagesPage(ctx, currentUser(request), { ...inConversation(request.params), ...request.query }));

  app.patch('/api/conversations/:id/pin', {
    onRequest: verified, schema: { params: IdParams, body: PinMessageBody, response: { 200: PinUpdate } },
  }, async (request) => chat.togglePin(ctx, currentUser(request), { ...inConversation(request.params), ...request.body }));

  app.patch('/api/conversations/:id/pin-conversation', {
    onRequest: verified, schema: { params: IdParams, body: PinConversationBody, response: { 200: ConversationSchema } },
  }, async (request) => chat.pinConversation(ctx, currentUser(request), { ...inConversation(request.params), ...request.body }));
}
