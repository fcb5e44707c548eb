// Editing, unsending and searching one's messages, shared by the REST routes and their socket twins.
// The write comes first; then every device of both participants hears of it through their user rooms (every node,
// through the adapter), and the list entries follow when the changed message is the conversation's last.
import { BLOCK_TEXTS } from '../../../common/blocks.ts';
import { CHAT_ERRORS, type Message, type Recipient } from '../../../common/chat.ts';
import type { AppContext } from '../../context.ts';
import { NOT_VERIFIED, type CurrentUser } from '../../lib/auth.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { chatUnreadChanged, countsChanged, withdrawNotifications } from '../../lib/notify.ts';
import { userRoom } from '../../lib/realtime.ts';
import { openMessage } from '../../lib/crypto/fields.ts';
import { removeMessageFiles, withAttachments } from '../../lib/files/records.ts';
import * as mq from './message-queries.ts';
import { toConversation, toMessage, toPinned } from './present.ts';
import * as q from './queries.ts';
import { requireParticipant } from './service.ts';
import { blockedEitherWay, membership } from './group-queries.ts';
import { maskedFor } from './group-view.ts';

type MessageRef = { conversationId: string; messageId: string };

export async function editMessage(ctx: AppContext, user: CurrentUser, input: MessageRef & { text: string }): Promise<Message> {
  const target = { ...input, userId: user.id };
  const row = await mq.editMessage(ctx.db, target, input.text);
  if (!row) throw refusal(await mq.whyNotChanged(ctx.db, target), user.id, true);
  const [message] = await withAttachments(ctx.db, [toMessage(row)]);
  await tellParticipants(ctx, 'messageEdited', message, row.is_last);
  return message;
}

export async function unsendMessage(ctx: AppContext, user: CurrentUser, input: MessageRef): Promise<Message> {
  const target = { ...input, userId: user.id };
  const row = await mq.unsendMessage(ctx.db, target);
  if (!row) throw refusal(await mq.whyNotChanged(ctx.db, target), user.id, false);
  // Its files go with its words: rows now, the stored bytes by the files job.
  ctx.caches.publish({ type: 'files.deleted', fileIds: await removeMessageFiles(ctx.db, row.id) });
  const message = { ...toMessage(row), attachments: [] };
  await tellParticipants(ctx, 'messageUnsent', message, row.is_last);
  if (row.unpinned) {
    const update = { conversationId: input.conversationId, pinnedMessage: toPinned(null) };
    ctx.realtime.io.to((await mq.allParticipants(ctx.db, input.conversationId)).map(userRoom)).emit('pinUpdated', update);
  }
  if (row.unread_changed?.length) await chatUnreadChanged(ctx, row.unread_changed);
  // Its @mentions are withdrawn from the bells, as a removed comment's are (the words they pointed to are gone).
  countsChanged(ctx, await withdrawNotifications(ctx.db, [row.id]));
  return message;
}

/**
 * Which rule refused, checked in the order a person would want to hear it. An unsend is removal only: it needs no
 * verified licence and goes through a block (docs/decisions/0073); an edit writes new words and follows the send rules.
 */
function refusal(why: mq.WhyNot, userId: string, isEdit: boolean): Error {
  if (!why.member) return notFound(CHAT_ERRORS.conversationNotFound);
  if (!why.found) return notFound(CHAT_ERRORS.messageNotFound);
  if (why.kind === 'system') return forbidden(CHAT_ERRORS.systemLine);
  if (String(why.sender_id) !== userId) return forbidden(CHAT_ERRORS.notYourMessage);
  return ownRefusal(why, isEdit);
}

function ownRefusal(why: mq.WhyNot, isEdit: boolean): Error {
  if (why.gone) return conflict(CHAT_ERRORS.messageGone);
  if (!why.recent) return conflict(CHAT_ERRORS.editWindowOver);
  if (isEdit && !why.verified) return forbidden(NOT_VERIFIED, 'NOT_VERIFIED');
  if (isEdit && why.refused) return forbidden(BLOCK_TEXTS.notAccepting);
  // Another change won the row between the write and this read: the message is in a state that refuses it now.
  return conflict(CHAT_ERRORS.messageGone);
}

/** The new state of the message to both sides; their list entries too when it is the one the list previews. */
async function tellParticipants(ctx: AppContext, event: 'messageEdited' | 'messageUnsent', message: Message, isLast: boolean) {
  const everyone = await mq.allParticipants(ctx.db, message.conversationId);
  // In a group, a member with a block between them and the sender keeps the placeholder (decision 0230).
  const group = await membership(ctx.db, message.conversationId, message.sender._id);
  const masked = group?.is_group ? new Set(await q.blockedPartnersIn(ctx.db, message.conversationId, message.sender._id)) : new Set<string>();
  ctx.realtime.io.to(everyone.filter((id) => !masked.has(id)).map(userRoom)).emit(event, message);
  if (masked.size) ctx.realtime.io.to([...masked].map(userRoom)).emit(event, maskedFor(message, new Set([message.sender._id])));
  if (!isLast) return;
  for (const viewer of await mq.listingParticipants(ctx.db, message.conversationId)) {
    const row = await q.findConversation(ctx.db, message.conversationId, viewer);
    const hidden = masked.has(viewer) ? new Set([message.sender._id]) : undefined;
    if (row) ctx.realtime.toUser(viewer).emit('conversationUpdated', toConversation(row, viewer, hidden));
  }
}

export async function searchMessages(
  ctx: AppContext, user: CurrentUser,
  { conversationId, q: text, limit, before }: { conversationId: string; q: string; limit: number; before?: string },
): Promise<Message[]> {
  await requireParticipant(ctx, user, { conversationId });
  // Decrypt and scan (the text is encrypted at rest, docs/decisions/0186): pages of SCAN_PAGE, newest first, until
  // `limit` matches or SCAN_MAX messages were read in this request; the cost on a 10,000-message conversation is in
  // that decision.
  const needle = text.toLocaleLowerCase();
  const found: string[] = [];
  let cursor = before;
  for (let scanned = 0; scanned < SCAN_MAX && found.length < limit;) {
    const rows = await mq.searchablePage(ctx.db, conversationId, user.id, SCAN_PAGE, cursor);
    for (const row of rows) {
      if (openMessage(row.id, row.text).toLocaleLowerCase().includes(needle) && found.push(row.id) >= limit) break;
    }
    if (rows.length < SCAN_PAGE) break;
    scanned += rows.length;
    cursor = rows[rows.length - 1].id;
  }
  if (!found.length) return [];
  const messages = (await mq.messagesById(ctx.db, conversationId, found)).map(toMessage);
  // In a group, a blocked member's words are not shown, so they are not found either.
  if (!(await membership(ctx.db, conversationId, user.id))?.is_group) return messages;
  const hidden = await blockedEitherWay(ctx.db, user.id);
  return messages.filter((m) => !hidden.has(m.sender._id));
}

const SCAN_PAGE = 1000;
// A request reads at most this much history; the older part of a longer one is not searched.
const SCAN_MAX = 50_000;

/** The "New message" picker: who the member can start a conversation with, by name (nothing for an empty text). */
export async function findRecipients(
  ctx: AppContext, user: CurrentUser, { q: text, limit }: { q: string; limit: number },
): Promise<{ users: Recipient[] }> {
  if (!text) return { users: [] };
  const rows = await mq.recipientCandidates(ctx.db, user.id, text, limit);
  return { users: rows.map((r) => ({ _id: String(r.id), name: r.name, avatar: r.avatar, canMessage: !r.refused })) };
}
