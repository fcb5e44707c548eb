// The one place where a group's conversation is made and kept in step with its members (the chat's group
// conversations, server/lib/group-conversations.ts). The writes run inside the transaction that changes the
// membership; what they changed is announced to the members' devices after it commits (announceGroupChat).
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  addConversationMember, announceConversationChange, announceConversationEnded, createGroupConversation, endGroupConversation,
  handOverGroupConversation, removeConversationMember,
} from '../../lib/group-conversations.ts';

type GroupChat = { groupId: string; conversationId: string | null };
/** What a membership change did to the group's conversation, to announce once the transaction has committed. */
export type GroupChatChange = { conversationId: string; lineIds: (string | null)[]; addedUserIds?: string[]; removedUserIds?: string[] };

// A conversation's title holds at most 80 characters; a group's name up to 100.
const TITLE_MAX = 80;

/** Makes the group's conversation, the facilitator alone in it at first, named after the group; answers its id. */
export async function openGroupConversation(tx: Db, { creatorId, title }: { creatorId: string; title: string }): Promise<string> {
  return createGroupConversation(tx, { creatorId, participantIds: [], title: title.slice(0, TITLE_MAX).trim() || null });
}

/** `actorId` is who let the member in: the member (accepting an invitation) or the facilitator (a join request). */
export async function joinGroupConversation(tx: Db, chat: GroupChat, userId: string, actorId: string): Promise<GroupChatChange | undefined> {
  if (!chat.conversationId) return undefined;
  const change = await addConversationMember(tx, { conversationId: chat.conversationId, actorId, userId });
  return change.changed ? { conversationId: chat.conversationId, lineIds: [change.lineId], addedUserIds: [userId] } : undefined;
}

export async function leaveGroupConversation(tx: Db, chat: GroupChat, userId: string, actorId: string): Promise<GroupChatChange | undefined> {
  if (!chat.conversationId) return undefined;
  const change = await removeConversationMember(tx, { conversationId: chat.conversationId, actorId, userId });
  return change.changed ? { conversationId: chat.conversationId, lineIds: [change.lineId], removedUserIds: [userId] } : undefined;
}

/** The new facilitator manages the group's conversation as its creator (removes members, decides who adds). */
export async function handOverGroupChat(tx: Db, chat: GroupChat, userId: string, actorId: string): Promise<GroupChatChange | undefined> {
  if (!chat.conversationId) return undefined;
  const change = await handOverGroupConversation(tx, { conversationId: chat.conversationId, actorId, userId });
  return change.changed ? { conversationId: chat.conversationId, lineIds: [change.lineId] } : undefined;
}

/** A deleted group's conversation ends with it; answers who to tell once the deletion has committed. */
export async function endGroupChat(tx: Db, chat: GroupChat): Promise<{ conversationId: string; userIds: string[] } | undefined> {
  if (!chat.conversationId) return undefined;
  return { conversationId: chat.conversationId, userIds: await endGroupConversation(tx, chat.conversationId) };
}

export async function announceGroupChatEnded(ctx: AppContext, ended: { conversationId: string; userIds: string[] } | undefined): Promise<void> {
  if (ended) await announceConversationEnded(ctx, ended).catch((err: unknown) => ctx.realtime.log.warn({ err }, 'group conversation end not announced'));
}

/** Tells every member's devices on every node; a failure here loses no write (the conversation reads right on reload). */
export async function announceGroupChat(ctx: AppContext, change: GroupChatChange | undefined): Promise<void> {
  if (change) await announceConversationChange(ctx, change).catch((err: unknown) => ctx.realtime.log.warn({ err }, 'group conversation change not announced'));
}
