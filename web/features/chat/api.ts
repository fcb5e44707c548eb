// Chat's REST calls, their TanStack Query options, and the cache edits live events make.
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Conversation, Message, MessageStatus, PinUpdate, Recipient } from '../../../common/chat.ts';
import { MESSAGES_PAGE_SIZE } from '../../../common/constants.ts';
import { api, query } from '../../lib/api.ts';
import { applyLive } from '../../lib/live-cache.ts';
import { getSocket } from '../../lib/socket.ts';
import {
  editConversation, mergePages, nextCursor, placeConversation, placeIfNewer, removeConversationFrom, type ConversationPage, type ConversationPages,
} from './conversationPages.ts';

// The list loads the most recently active conversations 100 at a time (the server's largest page).
const LIST_PAGE_SIZE = 100;

export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
};

/** A page of the conversation list (the boot script starts the first one early: common/drawn-screens.ts). */
export const conversationsUrl = (before?: string) => `/api/conversations${query({ limit: LIST_PAGE_SIZE, before })}`;

/**
 * The conversation list, a page at a time (shown merged: `select`). Loading a page is also when this device tells the
 * server it has received what arrived while it was away: a last message from the other person still `sent` becomes
 * `delivered`.
 */
/** A page of the list as the cache holds it, from the API's answer (also how the server's render fills it, 0104). */
export const conversationPage = (list: Conversation[]): ConversationPage => ({ conversations: list, hasMore: list.length === LIST_PAGE_SIZE });

/**
 * Tells the server this device has received the conversations' last messages from the other person that are still
 * `sent`: when a page of the list is loaded, and when a list the server drew is taken over (docs/decisions/0104).
 */
export function acknowledgeDelivered(list: Conversation[], myId: string): void {
  for (const c of list) {
    if (c.lastMessage && c.lastMessage.sender._id !== myId && c.lastMessage.status === 'sent') {
      getSocket().emit('messagesDelivered', { conversationId: c._id });
    }
  }
}

export function conversationsQuery(myId: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.conversations,
    queryFn: async ({ pageParam }): Promise<ConversationPage> => {
      const request = api<Conversation[]>(conversationsUrl(pageParam));
      // The spec: a failed list load shows an empty list. A later page that fails stays unloaded, to be tried again.
      const list = pageParam ? await request : await request.catch(() => [] as Conversation[]);
      acknowledgeDelivered(list, myId);
      return conversationPage(list);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (_last: ConversationPage, pages: ConversationPage[]) => nextCursor(pages),
    select: mergePages,
  });
}

/** One conversation, for `/chat/{id}` opened before the list page that holds it is loaded. */
export const conversationQuery = (conversationId: string) => ({
  queryKey: [...chatKeys.all, 'conversation', conversationId] as const,
  queryFn: () => api<Conversation>(`/api/conversations/${conversationId}`),
  retry: false,
});

export type MessagePages = InfiniteData<Message[], unknown>;

/** Pages of messages: the first is the newest; `before` is the oldest message of the page already loaded. */
export function messagesQuery(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) =>
      api<Message[]>(`/api/conversations/${conversationId}/messages${query({ before: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Message[]) => (last.length < MESSAGES_PAGE_SIZE ? undefined : last[0]?._id),
    retry: false,
  });
}

export const startConversation = (recipientId: string) => api<{ _id: string }>('/api/conversations', { method: 'POST', body: { recipientId } });
// Group conversations (docs/decisions/0230): made, renamed, members added and removed (oneself: leaving).
export const startGroup = (participantIds: string[], title: string | null) =>
  api<{ _id: string }>('/api/conversations', { method: 'POST', body: { participantIds, title } });
export const renameGroup = (id: string, title: string | null) => api<Conversation>(`/api/conversations/${id}`, { method: 'PATCH', body: { title } });
export const addGroupMember = (id: string, userId: string) => api<Conversation>(`/api/conversations/${id}/members`, { method: 'POST', body: { userId } });
export const removeGroupMember = (id: string, userId: string) => api<{ msg: string }>(`/api/conversations/${id}/members/${userId}`, { method: 'DELETE' });
export const deleteConversation = (id: string) => api<{ msg: string }>(`/api/conversations/${id}`, { method: 'DELETE' });
export const togglePin = (id: string, messageId: string) => api<PinUpdate>(`/api/conversations/${id}/pin`, { method: 'PATCH', body: { messageId } });
export const pinConversation = (id: string, isPinned: boolean) =>
  api<Conversation>(`/api/conversations/${id}/pin-conversation`, { method: 'PATCH', body: { isPinned } });

// The sender's own message, changed within 15 minutes; search in a conversation; the "New message" picker.
const messageUrl = (m: Pick<Message, '_id' | 'conversationId'>) => `/api/conversations/${m.conversationId}/messages/${m._id}`;
export const editMessage = (m: Message, text: string) => api<Message>(messageUrl(m), { method: 'PATCH', body: { text } });
export const unsendMessage = (m: Message) => api<Message>(messageUrl(m), { method: 'DELETE' });
export const searchMessages = (conversationId: string, q: string, before?: string) =>
  api<Message[]>(`/api/conversations/${conversationId}/messages/search${query({ q, before, limit: SEARCH_PAGE_SIZE })}`);
export const SEARCH_PAGE_SIZE = 20;
export const findRecipients = (q: string, signal?: AbortSignal) =>
  api<{ users: Recipient[] }>(`/api/conversations/recipients${query({ q, limit: 10 })}`, { signal });

// ---- cache edits ----
// Live events and acks edit the caches with applyLive (web/lib/live-cache.ts): when a read of the same list or
// conversation is on its way, the edit is made again over its answer. Every edit here is safe to make twice.

type Edit<T> = (data: T) => T;
const loaded = <T>(edit: Edit<T>) => (data: T | undefined) => (data ? edit(data) : data);

function editPages(qc: QueryClient, edit: Edit<ConversationPages>, again: Edit<ConversationPages> = edit) {
  applyLive<ConversationPages>(qc, chatKeys.conversations, loaded(edit), { again: loaded(again) });
}

function editMessages(qc: QueryClient, conversationId: string, edit: Edit<MessagePages>) {
  applyLive<MessagePages>(qc, chatKeys.messages(conversationId), loaded(edit));
}

/**
 * A conversation new or changed: placed in the list. A list read answered after the event may hold a newer state of it
 * (the event's copy is then older news): after such a read, it is placed again only over an older copy.
 */
export function upsertConversation(qc: QueryClient, conversation: Conversation) {
  editPages(qc, (data) => placeConversation(data, conversation), (data) => placeIfNewer(data, conversation));
}

export function removeConversation(qc: QueryClient, conversationId: string) {
  editPages(qc, (data) => removeConversationFrom(data, conversationId));
  qc.removeQueries({ queryKey: chatKeys.messages(conversationId) });
}

export function applyPin(qc: QueryClient, { conversationId, pinnedMessage }: PinUpdate) {
  editPages(qc, (data) => editConversation(data, conversationId, (c) => ({ ...c, pinnedMessage })));
}

/** Adds a message to its conversation's newest page, once: it can arrive as an ack, an event and a refetch. */
export function addMessage(qc: QueryClient, message: Message) {
  editMessages(qc, message.conversationId, (data) => {
    if (data.pages.some((page) => page.some((m) => m._id === message._id))) return data;
    const [newest = [], ...older] = data.pages;
    return { ...data, pages: [[...newest, message], ...older] };
  });
  editPages(qc, (data) => editConversation(data, message.conversationId, (c) => (message.createdAt >= c.updatedAt
    ? { ...c, lastMessage: message, updatedAt: message.createdAt }
    : c)));
}

/**
 * A message's new state (edited or unsent) wherever it is shown: its page and its conversation's preview. A late
 * event never undoes a newer one: an unsent message stays unsent.
 */
export function replaceMessage(qc: QueryClient, message: Message) {
  const newer = (m: Message) => (m._id === message._id && !(m.unsentAt && !message.unsentAt)
    ? { ...message, receipts: message.receipts ?? m.receipts, status: RANK[m.status] > RANK[message.status] ? m.status : message.status }
    : m);
  editMessages(qc, message.conversationId, (data) => ({ ...data, pages: data.pages.map((page) => page.map(newer)) }));
  editPages(qc, (data) => editConversation(data, message.conversationId, (c) => (c.lastMessage?._id === message._id
    ? { ...c, lastMessage: newer(c.lastMessage) }
    : c)));
}

const RANK: Record<MessageStatus, number> = { sent: 0, delivered: 1, read: 2 };
const upgrade = (m: Message, ids: Set<string>, status: MessageStatus): Message =>
  (ids.has(m._id) && RANK[status] > RANK[m.status] ? { ...m, status } : m);

/** In a group, the member whose devices received (or read) these messages joins their receipts' names. */
const withReceipt = (m: Message, ids: Set<string>, status: MessageStatus, userId: string): Message => {
  if (!ids.has(m._id) || !m.receipts) return m;
  const add = (list: string[]) => (list.includes(userId) ? list : [...list, userId]);
  const { deliveredTo, readBy } = m.receipts;
  return { ...m, receipts: { ...m.receipts, deliveredTo: add(deliveredTo), readBy: status === 'read' ? add(readBy) : readBy } };
};

/** Statuses only move forward: a late `delivered` never undoes `read`. */
export function applyStatus(qc: QueryClient, conversationId: string, messageIds: string[], status: MessageStatus, userIds: string[] = []) {
  const ids = new Set(messageIds);
  // In a group, each member named counts once more in the receipts of these messages.
  const change = (m: Message) => userIds.reduce((shown, userId) => withReceipt(shown, ids, status, userId), upgrade(m, ids, status));
  editMessages(qc, conversationId, (data) => ({ ...data, pages: data.pages.map((page) => page.map(change)) }));
  editPages(qc, (data) => editConversation(data, conversationId, (c) => (c.lastMessage
    ? { ...c, lastMessage: upgrade(c.lastMessage, ids, status) }
    : c)));
}

/** Every message once, oldest first, whatever order the pages, events and refetches delivered them in. */
export function flattenMessages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const seen = new Map<string, Message>();
  for (const page of [...data.pages].reverse()) for (const m of page) seen.set(m._id, m);
  return [...seen.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
}
