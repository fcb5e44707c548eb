// On every node, for the members with a socket there: a group conversation whose membership, title or settings changed
// (server/lib/group-conversations.ts fans it out after the commit), as each member sees it, with the system lines that
// report the change.
import type { AppContext } from '../../context.ts';
import type { ConversationChanged } from '../../lib/group-conversations.ts';
import { userRoom } from '../../lib/realtime.ts';
import * as mq from './message-queries.ts';
import { toConversation, toMessage } from './present.ts';
import * as q from './queries.ts';

export async function changedLocally(ctx: AppContext, payload: unknown): Promise<void> {
  const { conversationId, lineIds, addedUserIds } = payload as ConversationChanged;
  const added = new Set(addedUserIds);
  const row = await q.findConversation(ctx.db, conversationId);
  const here = (row?.participants ?? []).filter((p) => ctx.realtime.hasLocalUser(p._id));
  if (!row || !here.length) return;
  const lines = lineIds.length ? (await mq.messagesById(ctx.db, conversationId, lineIds)).reverse().map(toMessage) : [];
  for (const p of here) {
    const devices = ctx.realtime.io.local.to(userRoom(p._id));
    // A new member's list gets the conversation before its lines, so that they land in a conversation it knows.
    if (added.has(p._id)) devices.emit('newConversation', toConversation(row, p._id));
    for (const line of lines) devices.emit('newMessage', line);
    if (!added.has(p._id)) devices.emit('conversationUpdated', toConversation(row, p._id));
  }
}
