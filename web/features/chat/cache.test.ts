// The chat caches as live events edit them: no doubles, statuses only forward, the list in the server's order, and the
// conversation list's next-page cursor never skipping or repeating conversations.
import { describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../../common/chat.ts';
import {
  addMessage, applyPin, applyStatus, chatKeys, flattenMessages, removeConversation, replaceMessage, upsertConversation, type MessagePages,
} from './api.ts';
import { mergePages, nextCursor, type ConversationPages } from './conversationPages.ts';

const message = (id: string, at: string, status: Message['status'] = 'sent'): Message => ({
  _id: id, conversationId: 'c1', sender: { _id: 'u1', name: 'Ann' }, text: `text ${id}`, status, createdAt: at, kind: 'text', editedAt: null, unsentAt: null,
});
const conversation = (id: string, updatedAt: string, isPinned = false): Conversation => ({
  _id: id, participants: [], lastMessage: null, pinnedMessage: null, isPinned, updatedAt, unreadCounts: {}, isGroup: false, title: null, creatorId: null, membersCanAdd: false,
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

  it('keeps a message that arrives while its conversation\'s first read is on its way', async () => {
    const qc = new QueryClient();
    const m1 = message('m1', '2026-01-01T10:01:00.000Z');
    let reads = 0;
    let answerFirst: (pages: Message[]) => void = () => {};
    const read = () => {
      reads += 1;
      // The read is answered as it was before m1 was stored.
      return new Promise<Message[]>((resolve) => { answerFirst = resolve; });
    };
    // The open conversation's pane, as the app has it: an observer of the conversation's pages.
    const pane = new InfiniteQueryObserver(qc, {
      queryKey: chatKeys.messages('c1'), queryFn: read, initialPageParam: undefined as string | undefined, getNextPageParam: () => undefined,
    });
    const stop = pane.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toBe(1));
    addMessage(qc, m1);
    answerFirst([]);
    await vi.waitFor(() => expect(shown(qc)).toEqual(['m1']));
    expect(reads).toBe(1);
    stop();
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

  it('counts each member named in a group update once, however the updates were gathered', () => {
    const inGroup = { ...message('m1', '2026-01-01T10:01:00.000Z'), receipts: { of: 4, deliveredTo: ['u2'], readBy: [] } };
    const qc = withMessages([[inGroup, message('m2', '2026-01-01T10:02:00.000Z')]]);
    applyStatus(qc, 'c1', ['m1'], 'delivered', ['u2', 'u3', 'u4']);
    applyStatus(qc, 'c1', ['m1'], 'read', ['u3']);
    applyStatus(qc, 'c1', ['m1'], 'delivered', ['u3']);
    const [first, second] = flattenMessages(qc.getQueryData<MessagePages>(chatKeys.messages('c1')));
    expect(first.receipts).toEqual({ of: 4, deliveredTo: ['u2', 'u3', 'u4'], readBy: ['u3'] });
    expect(second.receipts).toBeUndefined();
  });

  it('shows an edit or an unsend in place, keeps the newer status, and never brings an unsent message back', () => {
    const m1 = message('m1', '2026-01-01T10:01:00.000Z');
    const qc = withMessages([[m1, message('m2', '2026-01-01T10:02:00.000Z')]]);
    applyStatus(qc, 'c1', ['m1'], 'read');
    const edited = { ...m1, text: 'edited text', editedAt: '2026-01-01T10:05:00.000Z' };
    replaceMessage(qc, edited);
    const current = () => flattenMessages(qc.getQueryData<MessagePages>(chatKeys.messages('c1')))[0];
    expect(current()).toMatchObject({ text: 'edited text', status: 'read' });
    replaceMessage(qc, { ...m1, text: 'Message removed', unsentAt: '2026-01-01T10:06:00.000Z' });
    // A late edit event after the unsend changes nothing.
    replaceMessage(qc, edited);
    expect(current()).toMatchObject({ text: 'Message removed', unsentAt: '2026-01-01T10:06:00.000Z' });
    expect(shown(qc)).toEqual(['m1', 'm2']);
  });

  it('keeps own pins first, then the most recently updated, as conversations change', () => {
    const qc = withConversations([[conversation('b', at(11)), conversation('a', at(10)), conversation('p', at(9), true)]], false);
    upsertConversation(qc, conversation('a', at(12)));
    upsertConversation(qc, conversation('n', at(11, 30)));
    expect(list(qc)).toEqual(['p', 'a', 'n', 'b']);
  });
});

const at = (hour: number, minute = 0) => `2026-01-01T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

/** The list as loaded: pages of conversations in the server's order; `hasMore` is the last page's. */
const conversationPages = (pages: Conversation[][], hasMore: boolean): ConversationPages => ({
  pages: pages.map((conversations, i) => ({ conversations, hasMore: i < pages.length - 1 || hasMore })),
  pageParams: pages.map((page, i) => (i ? pages[i - 1].at(-1)!._id : undefined)),
});
function withConversations(pages: Conversation[][], hasMore: boolean) {
  const qc = new QueryClient();
  qc.setQueryData<ConversationPages>(chatKeys.conversations, conversationPages(pages, hasMore));
  return qc;
}
const pagesOf = (qc: QueryClient) => qc.getQueryData<ConversationPages>(chatKeys.conversations)!;
const list = (qc: QueryClient) => mergePages(pagesOf(qc)).map((c) => c._id);
const cursor = (qc: QueryClient) => nextCursor(pagesOf(qc).pages);

describe('the conversation list in pages', () => {
  // Two pages of four loaded, more on the server: a (newest) … h.
  const loaded = () => withConversations([
    [conversation('a', at(20)), conversation('b', at(19)), conversation('c', at(18)), conversation('d', at(17))],
    [conversation('e', at(16)), conversation('f', at(15)), conversation('g', at(14)), conversation('h', at(13))],
  ], true);

  it('moves a conversation with a new message to the top once, and keeps the cursor where the server has it', () => {
    const qc = loaded();
    const m = { ...message('m1', at(21)), conversationId: 'h' };
    addMessage(qc, m);
    addMessage(qc, m);
    upsertConversation(qc, { ...conversation('h', at(21)), lastMessage: m });
    expect(list(qc)).toEqual(['h', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(pagesOf(qc).pages.flatMap((p) => p.conversations).filter((c) => c._id === 'h')).toHaveLength(1);
    // h is now the newest on the server too: `before: h` would load a, b, … again.
    expect(cursor(qc)).toBe('g');
  });

  it('edits a conversation in place when its place does not change', () => {
    const qc = loaded();
    applyPin(qc, { conversationId: 'h', pinnedMessage: { _id: 'm9', text: 'note', sender: { name: 'Ann' } } });
    expect(pagesOf(qc).pages[1].conversations.at(-1)).toMatchObject({ _id: 'h', pinnedMessage: { _id: 'm9' } });
    expect(cursor(qc)).toBe('h');
  });

  it('keeps the list going when the cursor conversation is deleted', () => {
    const qc = loaded();
    removeConversation(qc, 'h');
    expect(list(qc)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(cursor(qc)).toBe('g');
  });

  it('leaves a conversation not loaded yet to its page, unless it sorts among those loaded', () => {
    const qc = loaded();
    upsertConversation(qc, conversation('old', at(8)));
    expect(list(qc)).not.toContain('old');
    upsertConversation(qc, conversation('new', at(22)));
    expect(list(qc)[0]).toBe('new');
    expect(cursor(qc)).toBe('h');
  });

  it('places a live change again over a list read answered before it, but not over a newer state from that read', async () => {
    const qc = loaded();
    let answer: (pages: ConversationPages) => void = () => {};
    const reread = qc.fetchQuery({ queryKey: chatKeys.conversations, queryFn: () => new Promise<ConversationPages>((resolve) => { answer = resolve; }), staleTime: 0 });
    upsertConversation(qc, conversation('late', at(22)));
    upsertConversation(qc, { ...conversation('b', at(21)), unreadCounts: { me: 9 } });
    // The answer was read before 'late' moved up, and after b changed again.
    answer(conversationPages([[conversation('b', at(23)), conversation('a', at(20)), conversation('c', at(18)), conversation('d', at(17))]], true));
    await reread;
    expect(list(qc)).toEqual(['b', 'late', 'a', 'c', 'd']);
    expect(mergePages(pagesOf(qc))[0]).toMatchObject({ updatedAt: at(23), unreadCounts: {} });
  });

  it('shows a conversation in two pages once, with the later page\'s copy', () => {
    // a was unpinned after the first page was loaded; the second page brought it again, fresher.
    const qc = withConversations([
      [conversation('a', at(20)), conversation('b', at(19))],
      [{ ...conversation('a', at(20)), unreadCounts: { me: 2 } }, conversation('c', at(10))],
    ], false);
    const merged = mergePages(pagesOf(qc));
    expect(merged.map((c) => c._id)).toEqual(['a', 'b', 'c']);
    expect(merged[0].unreadCounts).toEqual({ me: 2 });
  });

  it('ends when the last page was not full', () => {
    expect(cursor(withConversations([[conversation('a', at(20))]], false))).toBeUndefined();
  });
});
