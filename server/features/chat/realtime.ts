// The chat's socket events. Who a socket is comes from its handshake token (server/lib/realtime.ts), never from a
// payload; every event is checked against the conversation's participants before it does anything.
//
// Each event requires what its REST twin requires (server/features/chat/routes.ts), the licence read fresh, since the
// socket's user is a snapshot from its handshake:
//   event                          REST twin                                      requires
//   sendMessage                    POST /api/conversations (reaches another       verified (or admin), read inside
//                                  member)                                        the insert itself (queries.ts)
//   editMessage                    PATCH /api/conversations/:id/messages/:mid     verified, read inside the update
//   unsendMessage                  DELETE /api/conversations/:id/messages/:mid    signed in, sender (in the update)
//   typing                         the same: it reaches another member            verified, one prepared read;
//                                  (and stopTyping) skips members blocked either way
//   joinConversation               GET /api/conversations/:id/messages            signed in, participant
//   messagesDelivered, messagesRead  the reads' receipts (GET .../messages)       signed in, participant (in the update)
//   stopTyping                     only clears an indicator                       signed in, participant
//   getOnlineUsers                 GET /api/conversations                         signed in
//   userOnline                     none: it does nothing                          signed in
// "Signed in" holds for a live socket: logout, password reset, disabling, a licence declined or returned to pending
// end the user's sockets (realtime.endSession / endUser), so a socket outlives none of them.
import { ConversationRef, EditMessagePayload, JoinPayload, SendMessagePayload, UnsendMessagePayload } from '../../../common/chat.ts';
import type { AppContext } from '../../context.ts';
import { describeError, tooManyRequests } from '../../lib/errors.ts';
import { localeOfHeaders } from '../../lib/i18n.ts';
import { assertSafeInput } from '../../lib/input-safety.ts';
import { memoryRateLimiter, type RateLimiter } from '../../lib/rate-limit.ts';
import { CONVERSATION_SHOWN } from '../../lib/conversations.ts';
import { CONVERSATION_CHANGED } from '../../lib/group-conversations.ts';
import { changedLocally } from './group-live.ts';
import { RECEIPT_STATUS, tellLocally } from './receipts.ts';
import { conversationRoom, userRoom, type AuthedSocket } from '../../lib/realtime.ts';
import * as changes from './message-changes.ts';
import * as chat from './service.ts';

type Handler = (payload: unknown, socket: AuthedSocket) => Promise<unknown>;

export function chatRealtime(ctx: AppContext): void {
  const { io, presence } = ctx.realtime;

  const tellPartners = async (userId: string, online: boolean) => {
    const partners = await chat.partnersOf(ctx.db, userId);
    if (partners.length) io.to(partners.map(userRoom)).emit('presenceChanged', { userId, online });
  };
  ctx.realtime.onFanOut(chat.MESSAGE_DELIVERY, (payload) => chat.deliverLocally(ctx, payload));
  ctx.realtime.onFanOut(RECEIPT_STATUS, (payload) => tellLocally(ctx, payload));
  ctx.realtime.onFanOut(CONVERSATION_SHOWN, (payload) => void ctx.realtime.track(chat.showLocally(ctx, payload))
    .catch((error) => chat.logFailure(ctx, 'conversationShown', error)));
  ctx.realtime.onFanOut(CONVERSATION_CHANGED, (payload) => void ctx.realtime.track(changedLocally(ctx, payload))
    .catch((error) => chat.logFailure(ctx, 'conversationChanged', error)));
  presence.onSweptOffline((userId) => void ctx.realtime.track(tellPartners(userId, false)).catch((e) => chat.logFailure(ctx, 'presence', e)));

  // Membership is checked in the database, unless this socket already joined the conversation's room: a member who
  // deletes a conversation leaves its room on every node (service.deleteConversation), so the room is a safe cache.
  const requireMember = async (socket: AuthedSocket, conversationId: string) => {
    if (socket.rooms.has(conversationRoom(conversationId))) return;
    await chat.requireParticipant(ctx, socket.data.user, { conversationId });
  };

  // The other sockets in the conversation's room, without the devices of a member blocked either way: a block hides
  // that the other is typing (and their name with it), as it hides their presence.
  const typingAudience = async (socket: AuthedSocket, conversationId: string) => {
    const blocked = await chat.blockedPartnersIn(ctx.db, conversationId, socket.data.user.id);
    const room = socket.to(conversationRoom(conversationId));
    return blocked.length ? room.except(blocked.map(userRoom)) : room;
  };

  const handlers: Record<string, Handler> = {
    // Accepted for compatibility with the spec's client; identity comes from the token, so there is nothing to do.
    userOnline: async () => ({ ok: true }),
    async joinConversation(payload, socket) {
      const parsed = JoinPayload.parse(payload);
      const conversationId = typeof parsed === 'string' ? parsed : parsed.conversationId;
      await chat.requireParticipant(ctx, socket.data.user, { conversationId });
      // One open conversation per socket (one per tab): typing events follow what is on screen.
      for (const room of socket.rooms) if (room.startsWith('conversation:') && room !== conversationRoom(conversationId)) await socket.leave(room);
      await socket.join(conversationRoom(conversationId));
      return { ok: true };
    },
    sendMessage: async (payload, socket) => chat.sendMessage(ctx, socket.data.user, SendMessagePayload.parse(payload)),
    editMessage: async (payload, socket) => changes.editMessage(ctx, socket.data.user, EditMessagePayload.parse(payload)),
    unsendMessage: async (payload, socket) => changes.unsendMessage(ctx, socket.data.user, UnsendMessagePayload.parse(payload)),
    messagesDelivered: async (payload, socket) => chat.markDelivered(ctx, socket.data.user, ConversationRef.parse(payload)),
    messagesRead: async (payload, socket) => chat.markRead(ctx, socket.data.user, ConversationRef.parse(payload)),
    async typing(payload, socket) {
      const { conversationId } = ConversationRef.parse(payload);
      const [, , audience] = await Promise.all([
        chat.requireVerifiedNow(ctx, socket.data.user), requireMember(socket, conversationId), typingAudience(socket, conversationId),
      ]);
      const { id, name } = socket.data.user;
      audience.emit('typing', { conversationId, userId: id, userName: name });
      return { ok: true };
    },
    async stopTyping(payload, socket) {
      const { conversationId } = ConversationRef.parse(payload);
      const [, audience] = await Promise.all([requireMember(socket, conversationId), typingAudience(socket, conversationId)]);
      audience.emit('stopTyping', { conversationId, userId: socket.data.user.id });
      return { ok: true };
    },
    getOnlineUsers: async (_payload, socket) => chat.onlinePartners(ctx, socket.data.user),
  };

  const budget = eventBudget(ctx);
  const byName = new Map(Object.entries(handlers));
  // One listener shared by every socket (socket.io calls it with the socket as `this`), not one closure per event and
  // socket: a node's live heap is mostly its sockets, and each full collection marks all of it (decision 0097).
  function onEvent(this: AuthedSocket, event: unknown, ...args: unknown[]) {
    const handler = typeof event === 'string' ? byName.get(event) : undefined;
    if (handler) void ctx.realtime.track(run(ctx, this, event as string, handler, args, budget));
  }
  io.on('connection', (socket) => {
    const { user } = socket.data;
    socket.onAny(onEvent);
    // Presence was recorded at the handshake (it caps the user's sockets): its disconnect below always finds it.
    const connected = ctx.realtime.track(Promise.resolve(socket.data.cameOnline))
      .then(async (cameOnline) => {
        if (cameOnline) await tellPartners(user.id, true);
        socket.emit('getOnlineUsers', await chat.onlinePartners(ctx, user));
      })
      .catch((error) => chat.logFailure(ctx, 'connect', error));
    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        if (room.startsWith('conversation:')) {
          socket.to(room).emit('stopTyping', { conversationId: room.slice('conversation:'.length), userId: user.id });
        }
      }
    });
    socket.on('disconnect', () => {
      void ctx.realtime.track(connected
        .then(() => presence.disconnect(user.id, socket.id))
        .then((wentOffline) => (wentOffline ? tellPartners(user.id, false) : undefined))
        .catch((error) => chat.logFailure(ctx, 'disconnect', error)));
    });
  });
}

// Every event may cost a query: one user gets at most SOCKET_EVENTS_PER_10S (typing, receipts and sends together) across
// all their sockets and nodes, far above what a person's clients send. Messages also have their own per-user limit.
// Counted in Redis when the nodes share one, else in this node's memory; never in the database, where every typing
// event would become a write (docs/decisions/0044-socket-limits.md).
const EVENT_WINDOW_MS = 10_000;
type Budget = (userId: string) => Promise<boolean>;

function eventBudget(ctx: AppContext): Budget {
  const limiter: RateLimiter = ctx.redis ? ctx.limiter : memoryRateLimiter();
  const max = ctx.config.limits.sockets.eventsPer10s;
  return async (userId) => (await limiter.hit(`socket-events:${userId}`, EVENT_WINDOW_MS)) <= max;
}

/** Runs one event: the result, or `{msg, code}` for any refusal, goes to the ack; nothing a client sends can crash the node. */
async function run(ctx: AppContext, socket: AuthedSocket, event: string, handler: Handler, args: unknown[], budget: Budget) {
  const ack = typeof args.at(-1) === 'function' ? (args.pop() as (response: unknown) => void) : undefined;
  // getOnlineUsers is called with only an ack; the others carry their payload first.
  try {
    if (!(await budget(socket.data.user.id))) throw tooManyRequests();
    // As on every HTTP route: a NUL (PostgreSQL text cannot hold one) or nesting past the bound is refused here,
    // walked without recursion, before a handler's schema or the database sees it.
    for (const arg of args) assertSafeInput(arg, 'payload');
    const result = await handler(args[0], socket);
    ack?.(result);
  } catch (error) {
    const { body } = describeError(error, localeOfHeaders(socket.handshake.headers, socket.data.user.locale));
    if (body.code === 'INTERNAL') chat.logFailure(ctx, event, error);
    ack?.(body);
  }
}
