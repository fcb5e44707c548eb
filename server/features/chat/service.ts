// The chat's rules, shared by the REST routes and the socket events. Every write happens first; then the
// people concerned are told, through their user rooms (every device, on every node).
import { BLOCK_TEXTS } from '../../../common/blocks.ts';
import { CHAT_ERRORS, type Conversation, type Message, type PinUpdate } from '../../../common/chat.ts';
import type { AppContext } from '../../context.ts';
import { NOT_VERIFIED, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, driverCode, forbidden, notFound, PG, postgresCode, tooManyRequests } from '../../lib/errors.ts';
import { introducePresence, type ConversationShown } from '../../lib/conversations.ts';
import { chatMessageSent, chatUnreadChanged, chatUnreadCount } from '../../lib/notify.ts';
import { conversationRoom, userRoom } from '../../lib/realtime.ts';
import { assertAttachable, attach, withAttachments } from '../../lib/files/records.ts';
import type { Db } from '../../db/client.ts';
import * as q from './queries.ts';
import { toConversation, toMessage, toPinned } from './present.ts';
import { notifyChatMentions } from './mentions.ts';
import { receiptsOf } from './receipts.ts';
import { blockedEitherWay, membership } from './group-queries.ts';
import { asSeenBy, groupView, maskedFor as maskedFor_ } from './group-view.ts';

const RATE_WINDOW_MS = 10_000;

/** The conversation an input is about: a route's `{id}` or an event's `{conversationId}`. */
type InConversation = { conversationId: string };

export async function listConversations(
  ctx: AppContext, user: CurrentUser, { limit, before }: { limit: number; before?: string },
): Promise<Conversation[]> {
  const rows = await q.listConversations(ctx.db, user.id, limit, before);
  const hidden = rows.some((row) => row.is_group) ? await blockedEitherWay(ctx.db, user.id) : undefined;
  return rows.map((row) => toConversation(row, user.id, hidden));
}

/** Tells each participant about the conversation as they see it (read now, unless the caller has it already). */
async function announceConversation(
  ctx: AppContext, conversationId: string, event: 'conversationUpdated' | 'newConversation', known?: q.ConversationRow,
): Promise<void> {
  const row = known ?? await q.findConversation(ctx.db, conversationId);
  if (!row) return;
  for (const p of row.participants ?? []) ctx.realtime.toUser(p._id).emit(event, toConversation(row, p._id));
}

/** The pair's conversation, opened if there is none (`created`). */
export async function openConversation(ctx: AppContext, user: CurrentUser, { recipientId }: { recipientId: string }) {
  if (recipientId === user.id) throw badRequest(CHAT_ERRORS.recipientIsSelf);
  const recipient = await q.findRecipient(ctx.db, recipientId, user.id);
  if (!recipient) throw notFound(CHAT_ERRORS.recipientNotFound);
  if (!recipient.verified) throw badRequest(CHAT_ERRORS.recipientNotVerified);
  if (recipient.refused) throw forbidden(BLOCK_TEXTS.notAccepting);
  const result = await q.upsertConversation(ctx.db, user.id, recipientId);
  if (result.created) {
    // Only the opener's devices: the other member hears of it with its first message (docs/decisions/0170).
    await announceToOpener(ctx, user, result.id, 'newConversation');
    await introducePresence(ctx, user.id, recipientId);
  } else {
    await announceToOpener(ctx, user, result.id, 'conversationUpdated');
  }
  return result;
}

/**
 * The conversation in the opener's list on all their devices: a new one, or an existing one opened again (they may
 * have deleted it).
 */
async function announceToOpener(
  ctx: AppContext, user: CurrentUser, conversationId: string, event: 'conversationUpdated' | 'newConversation',
): Promise<void> {
  const row = await q.findConversation(ctx.db, conversationId, user.id);
  if (row) ctx.realtime.toUser(user.id).emit(event, toConversation(row, user.id));
}

export async function deleteConversation(ctx: AppContext, user: CurrentUser, { conversationId }: InConversation): Promise<void> {
  // For this user only: the other participant keeps the conversation and its history.
  if (!(await q.removeConversationForUser(ctx.db, conversationId, user.id))) throw notFound(CHAT_ERRORS.conversationNotFound);
  ctx.realtime.toUser(user.id).emit('conversationDeleted', { conversationId });
  await chatUnreadChanged(ctx, [user.id]);
  // The user's sockets leave its room on every node, so no typing event reaches them any more.
  ctx.realtime.io.in(userRoom(user.id)).socketsLeave(conversationRoom(conversationId));
}

/** One conversation as the user sees it in their list: for a conversation opened by address, before its list page. */
export async function getConversation(ctx: AppContext, user: CurrentUser, { conversationId }: InConversation): Promise<Conversation> {
  // The row carries its participants: no separate membership query.
  const row = await q.findConversation(ctx.db, conversationId, user.id);
  if (!row?.participants?.some((p) => p._id === user.id)) throw notFound(CHAT_ERRORS.conversationNotFound);
  return toConversation(row, user.id, row.is_group ? await blockedEitherWay(ctx.db, user.id) : undefined);
}

export async function requireParticipant(ctx: AppContext, user: CurrentUser, { conversationId }: InConversation): Promise<void> {
  if (!(await q.isParticipant(ctx.db, conversationId, user.id))) throw notFound(CHAT_ERRORS.conversationNotFound);
}

/**
 * For socket events, whose user is a snapshot from the handshake: the licence as it stands now (verified, or an
 * administrator, and not disabled), as the `verified` route guard reads it on every request.
 */
export async function requireVerifiedNow(ctx: AppContext, user: CurrentUser): Promise<void> {
  if (!(await q.isVerifiedNow(ctx.db, user.id))) throw notVerified();
}

const notVerified = () => forbidden(NOT_VERIFIED, 'NOT_VERIFIED');

export async function messagesPage(
  ctx: AppContext, user: CurrentUser, { conversationId, limit, before }: InConversation & { limit: number; before?: string },
): Promise<Message[]> {
  const member = await membership(ctx.db, conversationId, user.id);
  if (!member) throw notFound(CHAT_ERRORS.conversationNotFound);
  const [rows, view] = await Promise.all([
    q.messagesPage(ctx.db, conversationId, user.id, limit, before), member.is_group ? groupView(ctx, conversationId, user.id) : undefined,
  ]);
  const messages = await withAttachments(ctx.db, rows.reverse().map(toMessage));
  return view ? asSeenBy(messages, user.id, view) : messages;
}

export async function togglePin(
  ctx: AppContext, user: CurrentUser, { conversationId, messageId }: InConversation & { messageId: string },
): Promise<PinUpdate> {
  await requireParticipant(ctx, user, { conversationId });
  const toggled = await q.togglePin(ctx.db, conversationId, messageId);
  if (!toggled) throw notFound(CHAT_ERRORS.messageNotFound);
  const row = await q.findConversation(ctx.db, conversationId);
  const update: PinUpdate = { conversationId, pinnedMessage: row ? toPinned(row.pinned_message) : null };
  ctx.realtime.io.to((row?.participants ?? []).map((p) => userRoom(p._id))).emit('pinUpdated', update);
  return update;
}

export async function pinConversation(
  ctx: AppContext, user: CurrentUser, { conversationId, isPinned }: InConversation & { isPinned?: boolean },
): Promise<Conversation> {
  const pinned = await q.pinConversation(ctx.db, conversationId, user.id, isPinned);
  if (!pinned) throw notFound(CHAT_ERRORS.conversationNotFound);
  const row = await q.findConversation(ctx.db, conversationId);
  if (!row) throw notFound(CHAT_ERRORS.conversationNotFound);
  const view = toConversation(row, user.id);
  // Only the user's own devices: the pin is theirs alone.
  ctx.realtime.toUser(user.id).emit('conversationUpdated', view);
  return view;
}

type SendInput = InConversation & { text: string; clientMessageId?: string; attachmentIds?: string[] };

export async function sendMessage(ctx: AppContext, user: CurrentUser, input: SendInput): Promise<Message> {
  const { conversationId, text, clientMessageId, attachmentIds = [] } = input;
  const limit = { count: ctx.config.limits.chatMessagesPer10s, windowMs: RATE_WINDOW_MS };
  if (attachmentIds.length && clientMessageId) {
    // A retried send whose first attempt was stored already attached its files: it answers that message.
    const first = await q.findSentMessage(ctx.db, conversationId, user.id, clientMessageId);
    if (first) return resendStored(ctx, user, first);
  }
  await assertAttachable(ctx.db, user.id, attachmentIds);
  // With files, the message and their attachment commit together: a file refused by a racing send stores no message.
  const insert = async (db: Db) => {
    const row = await q.insertMessage(db, conversationId, user.id, text, limit, clientMessageId ?? null);
    return row ? { row, attachments: await attach(db, user.id, attachmentIds, { messageId: row.id }) } : undefined;
  };
  const result = await (attachmentIds.length ? ctx.db.transaction((tx) => insert(tx)) : insert(ctx.db)).catch((error: unknown) => {
    // The conversation was deleted while the message was on its way: its foreign key no longer holds.
    throw postgresCode(error) === PG.foreignKeyViolation ? notFound(CHAT_ERRORS.conversationNotFound) : error;
  });
  const stored = result?.row;
  if (!stored && clientMessageId) {
    const first = await q.findSentMessage(ctx.db, conversationId, user.id, clientMessageId);
    if (first) return resendStored(ctx, user, first);
  }
  // Nothing stored: the sender's licence is not verified now, the sender is not in the conversation, the recipient
  // refuses the sender's messages, or the sender was over the limit. One read on this refusal path says which; the
  // refusal says nothing more (a block and "Who can message me" read the same).
  if (!stored) {
    const why = await q.whyNotStored(ctx.db, conversationId, user.id);
    if (!why?.verified) throw notVerified();
    if (!why.member) throw notFound(CHAT_ERRORS.conversationNotFound);
    if (why.refused) throw forbidden(BLOCK_TEXTS.notAccepting);
    throw tooManyRequests(CHAT_ERRORS.tooFast);
  }
  const recipients = stored.recipients ?? [];
  const withFiles: Message = { ...toMessage(stored), attachments: result.attachments };
  // In a group the sender's copy counts its receipts from here ("Delivered to 0 of 4" until devices say otherwise).
  const message = stored.conversation?.is_group || stored.maskedFor.length
    ? { ...withFiles, receipts: { of: recipients.length, deliveredTo: [], readBy: [] } }
    : withFiles;
  const delivery: MessageDelivery = {
    userIds: [user.id, ...recipients], message, conversation: stored.conversation, maskedFor: stored.maskedFor,
  };
  ctx.realtime.fanOut(MESSAGE_DELIVERY, delivery);
  // The badges, and the "sent you a message" email for a recipient with no device connected (server/lib/notify.ts).
  void ctx.realtime.track(chatMessageSent(ctx, {
    messageId: message._id, conversationId, senderId: user.id, recipientIds: stored.recipients ?? [], newlyUnread: stored.newlyUnread ?? [],
  }))
    .catch((error) => logFailure(ctx, 'chatUnreadCount', error));
  if (text.includes('@[')) {
    void ctx.realtime.track(notifyChatMentions(ctx, { messageId: message._id, conversationId, senderId: user.id, text, recipientIds: recipients }))
      .catch((error) => logFailure(ctx, 'chatMentions', error));
  }
  // A newer message won a race: the list entries are read again as they now are.
  if (!stored.conversation) {
    void ctx.realtime.track(announceConversation(ctx, conversationId, 'conversationUpdated'))
      .catch((error) => logFailure(ctx, 'conversationUpdated', error));
  }
  return message;
}

/**
 * A retried send whose first attempt was stored: its acknowledgement is that message, and it is delivered again, since
 * the node that stored it may have died before telling anyone (clients drop a newMessage whose _id they have).
 */
async function resendStored(ctx: AppContext, user: CurrentUser, row: q.MessageRow): Promise<Message> {
  const [message] = await withAttachments(ctx.db, [toMessage(row)]);
  const partners = await q.partnersIn(ctx.db, message.conversationId, user.id);
  ctx.realtime.fanOut(MESSAGE_DELIVERY, { userIds: [user.id, ...partners], message, conversation: null } satisfies MessageDelivery);
  return message;
}

/** GET /api/conversations/unread-count: how many of the member's conversations have unread messages. */
export async function unreadConversations(ctx: AppContext, user: CurrentUser): Promise<{ count: number }> {
  return { count: await chatUnreadCount(ctx, user.id) };
}

export const MESSAGE_DELIVERY = 'chat:message';
/** `maskedFor`: in a group, the members with a block between them and the sender, who get the placeholder instead. */
type MessageDelivery = { userIds: string[]; message: Message; conversation: q.ConversationRow | null; maskedFor?: string[] };

/**
 * On every node, for the participants with a socket there: the new message, then their list entry as they see it
 * (last message, time, unread counts). One fan-out per message crosses Redis, not one broadcast per event and person.
 */
export function deliverLocally(ctx: AppContext, payload: unknown): void {
  const { userIds, message, conversation, maskedFor } = payload as MessageDelivery;
  const masked = maskedFor?.length ? new Set(maskedFor) : undefined;
  for (const id of userIds) {
    if (!ctx.realtime.hasLocalUser(id)) continue;
    const devices = ctx.realtime.io.local.to(userRoom(id));
    const hidden = masked?.has(id) ? new Set([message.sender._id]) : undefined;
    devices.emit('newMessage', hidden ? maskedFor_(message, hidden) : message);
    if (conversation) devices.emit('conversationUpdated', toConversation(conversation, id, hidden));
  }
}

/** On every node, for the members with a socket there: a conversation another feature wrote into, as each sees it. */
export async function showLocally(ctx: AppContext, payload: unknown): Promise<void> {
  const { conversationId } = payload as ConversationShown;
  const present = (id: string) => ctx.realtime.hasLocalUser(id);
  const row = await q.findConversation(ctx.db, conversationId);
  for (const p of (row?.participants ?? []).filter((m) => present(m._id))) {
    ctx.realtime.io.local.to(userRoom(p._id)).emit('newConversation', toConversation(row!, p._id));
  }
}

/** `messagesDelivered`: gathered with the node's other receipts (./receipts.ts); the ack waits for its batch. */
export async function markDelivered(ctx: AppContext, user: CurrentUser, { conversationId }: InConversation): Promise<{ updated: number }> {
  const result = await receiptsOf(ctx).delivered({ conversationId, userId: user.id });
  if (!result.member) throw notFound(CHAT_ERRORS.conversationNotFound);
  return { updated: result.changed.length };
}

/** `messagesRead`: as markDelivered; the batch also clears the unread badges and shows the list entries again. */
export async function markRead(ctx: AppContext, user: CurrentUser, { conversationId }: InConversation): Promise<{ updated: number }> {
  const result = await receiptsOf(ctx).read({ conversationId, userId: user.id });
  if (!result.member) throw notFound(CHAT_ERRORS.conversationNotFound);
  return { updated: result.changed.length };
}

/** Logs a failure without its payload: the error of a failed query would carry the message text in its parameters. */
export function logFailure(ctx: AppContext, event: string, error: unknown): void {
  ctx.realtime.log.error({ event, code: driverCode(error), name: (error as Error)?.name }, 'chat event failed');
}

/** The online people among those the user has conversations with. */
export async function onlinePartners(ctx: AppContext, user: CurrentUser): Promise<string[]> {
  return ctx.realtime.presence.onlineAmong(await q.partnersOf(ctx.db, user.id, 'seen'));
}

export { blockedPartnersIn, partnersOf } from './queries.ts';
