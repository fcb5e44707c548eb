import { z } from 'zod';
import {
  AddMemberBody, ConversationSchema, ConversationsQuery, CreateConversationBody, MemberParams, UpdateConversationBody, CreatedConversation, EditMessageBody, MessageParams, MessageSchema,
  MessageSearchQuery, MessagesPage, MessagesQuery, SendMessageBody, PinConversationBody, PinMessageBody, PinUpdate, RecipientsQuery, RecipientsResponse,
} from '../../../common/chat.ts';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import { UnreadCount } from '../../../common/notifications.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser, verified } from '../../lib/auth.ts';
import * as groups from './groups.ts';
import * as changes from './message-changes.ts';
import * as chat from './service.ts';

/** A conversation route's `{id}` as the services name it. */
const inConversation = (params: { id: string }) => ({ conversationId: params.id });
const aMessage = (params: { id: string; messageId: string }) => ({ conversationId: params.id, messageId: params.messageId });

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

  // The "New message" picker: members to start a conversation with, each saying whether they accept one.
  app.get('/api/conversations/recipients', {
    onRequest: verified, schema: { querystring: RecipientsQuery, response: { 200: RecipientsResponse } },
  }, async (request) => changes.findRecipients(ctx, currentUser(request), request.query));

  // `{recipientId}`: the pair's conversation (opened if none); `{participantIds, title}`: a new group (decision 0230).
  app.post('/api/conversations', {
    onRequest: verified, config: { idempotent: true },
    schema: { body: CreateConversationBody, response: { 200: CreatedConversation, 201: CreatedConversation } },
  }, async (request, reply) => {
    const { recipientId, participantIds, title, membersCanAdd } = request.body;
    const user = currentUser(request);
    const { id, created } = participantIds
      ? await groups.createGroup(ctx, user, { participantIds, title, membersCanAdd })
      : await chat.openConversation(ctx, user, { recipientId: recipientId! });
    return reply.code(created ? 201 : 200).send({ _id: id });
  });

  app.patch('/api/conversations/:id', {
    onRequest: verified, schema: { params: IdParams, body: UpdateConversationBody, response: { 200: ConversationSchema } },
  }, async (request) => {
    await groups.updateGroup(ctx, currentUser(request), { ...inConversation(request.params), ...request.body });
    return chat.getConversation(ctx, currentUser(request), inConversation(request.params));
  });

  app.post('/api/conversations/:id/members', {
    onRequest: verified, schema: { params: IdParams, body: AddMemberBody, response: { 200: ConversationSchema } },
  }, async (request) => {
    await groups.addMember(ctx, currentUser(request), { ...inConversation(request.params), userId: request.body.userId });
    return chat.getConversation(ctx, currentUser(request), inConversation(request.params));
  });

  // The creator removes a member; anyone removes themselves (leaves). Leaving only removes, so any session may.
  app.delete('/api/conversations/:id/members/:userId', {
    onRequest: authenticated, schema: { params: MemberParams, response: { 200: MessageResponse } },
  }, async (request) => {
    const user = currentUser(request);
    await groups.removeMember(ctx, user, { conversationId: request.params.id, userId: request.params.userId });
    return { msg: request.params.userId === user.id ? 'You left the conversation.' : 'Member removed.' };
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

  // The REST twin of the `sendMessage` event (the same rules, the same newMessage to both sides): text, files or both.
  app.post('/api/conversations/:id/messages', {
    onRequest: verified, config: { idempotent: true }, schema: { params: IdParams, body: SendMessageBody, response: { 201: MessageSchema } },
  }, async (request, reply) => reply.code(201).send(await chat.sendMessage(ctx, currentUser(request), { ...inConversation(request.params), ...request.body })));

  // Search in the conversation's history: participants only, newest match first.
  app.get('/api/conversations/:id/messages/search', {
    onRequest: verified, schema: { params: IdParams, querystring: MessageSearchQuery, response: { 200: MessagesPage } },
  }, async (request) => changes.searchMessages(ctx, currentUser(request), { ...inConversation(request.params), ...request.query }));

  // The sender's own message, within 15 minutes of sending; the socket twins are editMessage and unsendMessage.
  // Edit is a write to the other member (`verified`); unsend only removes one's words, so any session may (decision 0073).
  app.patch('/api/conversations/:id/messages/:messageId', {
    onRequest: verified, schema: { params: MessageParams, body: EditMessageBody, response: { 200: MessageSchema } },
  }, async (request) => changes.editMessage(ctx, currentUser(request), { ...aMessage(request.params), ...request.body }));

  app.delete('/api/conversations/:id/messages/:messageId', {
    onRequest: authenticated, schema: { params: MessageParams, response: { 200: MessageSchema } },
  }, async (request) => changes.unsendMessage(ctx, currentUser(request), aMessage(request.params)));

  app.patch('/api/conversations/:id/pin', {
    onRequest: verified, schema: { params: IdParams, body: PinMessageBody, response: { 200: PinUpdate } },
  }, async (request) => chat.togglePin(ctx, currentUser(request), { ...inConversation(request.params), ...request.body }));

  app.patch('/api/conversations/:id/pin-conversation', {
    onRequest: verified, schema: { params: IdParams, body: PinConversationBody, response: { 200: ConversationSchema } },
  }, async (request) => chat.pinConversation(ctx, currentUser(request), { ...inConversation(request.params), ...request.body }));
}
