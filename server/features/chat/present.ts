// The chat as the API and the socket events show it (common/chat.ts). A conversation is presented per viewer:
// `isPinned` is the viewer's own pin.
import type { Conversation, Message, MessageStatus, PinnedMessage } from '../../../common/chat.ts';
import type { ConversationRow, MessageRow } from './queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    conversationId: row.conversation_id,
    sender: { _id: row.sender_id, name: row.sender_name },
    text: row.text,
    status: row.status as MessageStatus,
    createdAt: iso(row.created_at),
    kind: row.kind === 'system' ? 'system' : 'text',
    editedAt: row.edited_at ? iso(row.edited_at) : null,
    unsentAt: row.unsent_at ? iso(row.unsent_at) : null,
  };
}

export function toPinned(row: ConversationRow['pinned_message']): PinnedMessage | null {
  return row ? { _id: row._id, text: row.text, sender: { name: row.senderName } } : null;
}

export function toConversation(row: ConversationRow, viewerId: string): Conversation {
  const participants = row.participants ?? [];
  const last = row.last_message;
  return {
    _id: row.id,
    participants: participants.map((p) => ({ _id: p._id, name: p.name, avatar: p.avatar })),
    lastMessage: last
      ? {
        _id: last._id, conversationId: row.id, sender: { _id: last.senderId, name: last.senderName },
        text: last.text, status: last.status as MessageStatus, createdAt: iso(last.createdAt),
        kind: last.kind === 'system' ? 'system' : 'text',
        editedAt: last.editedAt ? iso(last.editedAt) : null, unsentAt: last.unsentAt ? iso(last.unsentAt) : null,
      }
      : null,
    pinnedMessage: toPinned(row.pinned_message),
    isPinned: participants.find((p) => p._id === viewerId)?.isPinned ?? false,
    updatedAt: iso(row.updated_at),
    unreadCounts: Object.fromEntries(participants.map((p) => [p._id, p.unread])),
  };
}
