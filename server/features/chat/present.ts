// The chat as the API and the socket events show it (common/chat.ts). A conversation is presented per viewer:
// `isPinned` is the viewer's own pin.
import { BLOCKED_MEMBER_MESSAGE, type Conversation, type Message, type MessageStatus, type PinnedMessage } from '../../../common/chat.ts';
import { openMessage } from '../../lib/crypto/fields.ts';
import { openLine } from '../../lib/system-lines.ts';
import type { ConversationRow, MessageRow } from './queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null | undefined) => (value ? iso(value) : null);

export function toMessage(row: MessageRow): Message {
  const { text, system } = openLine(row.id, row.text, row.kind);
  return {
    _id: row.id,
    conversationId: row.conversation_id,
    sender: { _id: row.sender_id, name: row.sender_name },
    text,
    status: row.status as MessageStatus,
    createdAt: iso(row.created_at),
    kind: row.kind === 'system' ? 'system' : 'text',
    ...(system ? { system } : {}),
    editedAt: row.edited_at ? iso(row.edited_at) : null,
    unsentAt: row.unsent_at ? iso(row.unsent_at) : null,
  };
}

export function toPinned(row: ConversationRow['pinned_message']): PinnedMessage | null {
  return row ? { _id: row._id, text: openMessage(row._id, row.text), sender: { name: row.senderName } } : null;
}

/** `hidden`: in a group, the members with a block between them and the viewer, whose words are a placeholder. */
export function toConversation(row: ConversationRow, viewerId: string, hidden?: Set<string>): Conversation {
  const participants = row.participants ?? [];
  const last = row.last_message;
  const words = (senderId: string, id: string, text: string, kind: string) => (
    row.is_group && kind !== 'system' && hidden?.has(senderId) ? { text: BLOCKED_MEMBER_MESSAGE } : openLine(id, text, kind));
  const lastWords = last ? words(last.senderId, last._id, last.text, last.kind) : { text: '' };
  return {
    _id: row.id,
    participants: participants.map((p) => (row.is_group
      ? { _id: p._id, name: p.name, avatar: p.avatar, deliveredThrough: isoOrNull(p.deliveredThrough), readThrough: isoOrNull(p.readThrough) }
      : { _id: p._id, name: p.name, avatar: p.avatar })),
    lastMessage: last
      ? {
        _id: last._id, conversationId: row.id, sender: { _id: last.senderId, name: last.senderName },
        text: lastWords.text, status: last.status as MessageStatus, createdAt: iso(last.createdAt),
        kind: last.kind === 'system' ? 'system' : 'text', ...('system' in lastWords && lastWords.system ? { system: lastWords.system } : {}),
        editedAt: last.editedAt ? iso(last.editedAt) : null, unsentAt: last.unsentAt ? iso(last.unsentAt) : null,
      }
      : null,
    pinnedMessage: toPinned(row.pinned_message),
    isPinned: participants.find((p) => p._id === viewerId)?.isPinned ?? false,
    updatedAt: iso(row.updated_at),
    unreadCounts: Object.fromEntries(participants.map((p) => [p._id, p.unread])),
    isGroup: Boolean(row.is_group),
    title: row.title ?? null,
    creatorId: row.creator_id ?? null,
    membersCanAdd: Boolean(row.members_can_add),
  };
}
