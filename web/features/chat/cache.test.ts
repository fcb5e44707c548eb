// The chat caches as live events edit them: no doubles, statuses only forward, the list in the server's order.
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../../common/chat.ts';
import { addMessage, applyStatus, chatKeys, flattenMessages, sortConversations, upsertConversation, type MessagePages } from './api.ts';

const message = (id: string, at: string, status: Message['status'] = 'sent'): Message => ({
  _id: id, conversationId: 'c1', sender: { _id: 'u1', name: 'Ann' }, text: `text ${id}`, status, createdAt: at,
});
const conversation = (id: string, updatedAt: string, isPinned = false): Conversation => ({
  _id: id, participants: [], lastMessage: null, pinnedMessage: null, isPinned, updatedAt, unreadCounts: {},
});

function withMessages(pages: Message[][]) {
  const qc = new QueryClient();
  qc.setQueryData<MessagePages>(chatKeys.messages('c1'), { pages, pageParams: pages.map((_, i) => (i ? `p${i}` : undefined)) });
  return qc;
}
const shown = (qc: QueryClient) => flattenMessages(qc.getQueryData<MessagePages>(chatKeys.messages('c1'))).map((m) => m._id);

describe('chat caches', () => {
  it('adds a message once however many times it arrives (ack, event, refetch)', () => {
    const qc = withMessages([[message('m2', '2026-01-01T10:02:00.000Z')], [message('m1', '2026-01-01T10:01:00.000Z')]]);
    const m3 = message('m3', '2026-01-01T10:03:00.000Z');
    addMessage(qc, m3);
    addMessage(qc, m3);
    expect(shown(qc)).toEqual(['m1', 'm2', 'm3']);
  });

  it('shows each message once, oldest first, even when pages overlap after a refetch', () => {
    const m = (n: number) => message(`m${n}`, `2026-01-01T10:0${n}:00.000Z`);
    const data = { pages: [[m(3), m(4), m(5)], [m(2), m(3)], [m(1)]], pageParams: [] };
    expect(flattenMessages(data).map((x) => x._id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('moves statuses forward only', () => {
    const qc = withMessages([[message('m1', '2026-01-01T10:01:00.000Z'), message('m2', '2026-01-01T10:02:00.000Z')]]);
    applyStatus(qc, 'c1', ['m1', 'm2'], 'read');
    applyStatus(qc, 'c1', ['m1'], 'delivered');
    const statuses = flattenMessages(qc.getQueryData<MessagePages>(chatKeys.messages('c1'))).map((x) => x.status);
    expect(statuses).toEqual(['read', 'read']);
  });

  it('keeps own pins first, then the most recently updated, as conversations change', () => {
    const qc = new QueryClient();
    qc.setQueryData(chatKeys.conversations, sortConversations([
      conversation('a', '2026-01-01T10:00:00.000Z'), conversation('b', '2026-01-01T11:00:00.000Z'), conversation('p', '2026-01-01T09:00:00.000Z', true),
    ]));
    upsertConversation(qc, conversation('a', '2026-01-01T12:00:00.000Z'));
    upsertConversation(qc, conversation('n', '2026-01-01T11:30:00.000Z'));
    expect(qc.getQueryData<Conversation[]>(chatKeys.conversations)!.map((c) => c._id)).toEqual(['p', 'a', 'n', 'b']);
  });
});
