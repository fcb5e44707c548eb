// The conversation list's pages, kept current by live events, and the list they show.
//
// The server pages by cursor: `before` is a conversation id, and the server reads that conversation's place in the
// order *now*. So a page's last conversation is only a safe cursor while it stays where it was fetched: one that
// moved up would repeat conversations, one that moved down (unpinned) or was deleted would skip or end the list.
// Edits therefore leave each page in its fetched order and put any conversation that moved at the head of the first
// page, where it never becomes a cursor.
import type { InfiniteData } from '@tanstack/react-query';
import type { Conversation } from '../../../common/chat.ts';

/** `hasMore`: the server filled the page, so there may be another (kept apart: events change the page's length). */
export type ConversationPage = { conversations: Conversation[]; hasMore: boolean };
export type ConversationPages = InfiniteData<ConversationPage, string | undefined>;

/** Own pins first, then the most recently active: the server's order. */
const compareConversations = (a: Conversation, b: Conversation) =>
  Number(b.isPinned) - Number(a.isPinned) || b.updatedAt.localeCompare(a.updatedAt) || b._id.localeCompare(a._id);

const sortConversations = (list: Conversation[]) => [...list].sort(compareConversations);

/** The next page's `before`: the last conversation still in the loaded pages. */
export function nextCursor(pages: ConversationPage[]): string | undefined {
  if (!pages.at(-1)?.hasMore) return undefined;
  for (let i = pages.length - 1; i >= 0; i--) {
    const last = pages[i].conversations.at(-1);
    if (last) return last._id;
  }
  return undefined;
}

/**
 * Every conversation once, in the server's order. A conversation can be in two pages when it moved down between
 * fetches; the later page was fetched later, so its copy wins.
 */
export function mergePages(data: ConversationPages): Conversation[] {
  const byId = new Map<string, Conversation>();
  for (const page of data.pages) for (const c of page.conversations) byId.set(c._id, c);
  return sortConversations([...byId.values()]);
}

const find = (data: ConversationPages, id: string) => {
  for (const page of data.pages) {
    const found = page.conversations.find((c) => c._id === id);
    if (found) return found;
  }
  return undefined;
};

const samePlace = (a: Conversation, b: Conversation) => a.isPinned === b.isPinned && a.updatedAt === b.updatedAt;

const mapPages = (data: ConversationPages, edit: (list: Conversation[]) => Conversation[]): ConversationPages =>
  ({ ...data, pages: data.pages.map((page) => ({ ...page, conversations: edit(page.conversations) })) });

/** Whether a conversation not loaded yet sorts among the loaded ones; if not, it comes with its own page. */
function withinLoaded(data: ConversationPages, conversation: Conversation): boolean {
  const cursorId = nextCursor(data.pages);
  const cursor = cursorId && find(data, cursorId);
  return !cursor || compareConversations(conversation, cursor) < 0;
}

/** Writes a conversation's new state into the pages, without ever holding two differing copies of it. */
export function placeConversation(data: ConversationPages, conversation: Conversation): ConversationPages {
  const current = find(data, conversation._id);
  if (current && samePlace(current, conversation)) {
    return mapPages(data, (list) => list.map((c) => (c._id === conversation._id ? conversation : c)));
  }
  if (!current && !withinLoaded(data, conversation)) return data;
  const [first, ...rest] = removeConversationFrom(data, conversation._id).pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, conversations: [conversation, ...first.conversations] }, ...rest] };
}

/** Places a conversation unless the pages already hold it as recent or more recent (from an answer that came later). */
export function placeIfNewer(data: ConversationPages, conversation: Conversation): ConversationPages {
  const current = find(data, conversation._id);
  return current && current.updatedAt >= conversation.updatedAt ? data : placeConversation(data, conversation);
}

/** Applies `edit` to a loaded conversation; one not loaded is left for its page to bring. */
export function editConversation(data: ConversationPages, id: string, edit: (c: Conversation) => Conversation): ConversationPages {
  const current = find(data, id);
  const edited = current && edit(current);
  return edited && edited !== current ? placeConversation(data, edited) : data;
}

export function removeConversationFrom(data: ConversationPages, id: string): ConversationPages {
  return mapPages(data, (list) => list.filter((c) => c._id !== id));
}
