import { z } from 'zod';
import {
  ConversationSchema, ConversationsQuery, CreateConversationBody, CreatedConversation, MessagesPage, MessagesQuery,
  PinConversationBody, PinMessageBody, PinUpdate,
} from '../../../common/chat.ts';
import { ErrorResponse } from '../../../common/errors.ts';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { requireUser, requireVerified } from '../../lib/auth.ts';
import * as chat from './service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

export function chatRoutes(app: App, ctx: AppContext): void {
  // The sockets were closed by app.ts's preClose; their presence records and last emits finish here.
  app.addHook('onClose', async () => {
    await ctx.realtime.close();
  });

  app.get('/api/conversations', {
    schema: { querystring: ConversationsQuery, response: { 200: z.array(ConversationSchema), ...errors } },
  }, async (request) => {
    const user = requireUser(request);
    return chat.listConversations(ctx, user, request.query.limit, request.query.before);
  });

  app.post('/api/conversations', {
    schema: { body: CreateConversationBody, response: { 200: CreatedConversation, 201: CreatedConversation, ...errors } },
  }, async (request, reply) => {
    const user = requireVerified(request);
    const { id, created } = await chat.openConversation(ctx, user, request.body.recipientId);
    return reply.code(created ? 201 : 200).send({ _id: id });
  });

  // Beyond the spec's list: `/chat/{id}` opened directly shows its therapist even when its list page is not loaded.
  app.get('/api/conversations/:id', {
    schema: { params: IdParams, response: { 200: ConversationSchema, ...errors } },
  }, async (request) => {
    const user = requireUser(request);
    return chat.getConversation(ctx, user, request.params.id);
  });

  app.delete('/api/conversations/:id', {
    schema: { params: IdParams, response: { 200: MessageResponse, ...errors } },
  }, async (request) => {
    const user = requireUser(request);
    await chat.deleteConversation(ctx, user, request.params.id);
    return { msg: 'Conversation deleted.' };
  });

  app.get('/api/conversations/:id/messages', {
    schema: { params: IdParams, querystring: MessagesQuery, response: { 200: MessagesPage, ...errors } },
  }, async (request) => {
    const user = requireUser(request);
    return chat.messagesPage(ctx, user, request.params.id, request.query.limit, request.query.before);
  });

  app.patch('/api/conversations/:id/pin', {
    schema: { params: IdParams, body: PinMessageBody, response: { 200: PinUpdate, ...errors } },
  }, async (request) => {
    const user = requireUser(request);
    return chat.togglePin(ctx, user, request.params.id, request.body.messageId);
  });

  app.patch('/api/conversations/:id/pin-conversation', {
    schema: { params: IdParams, body: PinConversationBody, response: { 200: ConversationSchema, ...errors } },
  }, async (request) => {
    const user = requireUser(request);
    return chat.pinConversation(ctx, user, request.params.id, request.body?.isPinned);
  });
}
