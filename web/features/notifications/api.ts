// The notification centre's calls and the cache edits its live events make. Only types come from
// common/notifications.ts: the bell is in the signed-in layout's chunk, which should not carry zod.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  NotificationEvent, NotificationItem, NotificationsPage, ReadInput, UnreadCount,
} from '../../../common/notifications.ts';
import { api, query } from '../../lib/api.ts';
import { applyLive } from '../../lib/live-cache.ts';
import { isAbout, notificationKeys } from '../../lib/readAbout.ts';

export { notificationKeys };

/** The popover shows the latest few of the first page, which the /notifications page shares. */
export const POPOVER_ITEMS = 8;

type Pages = InfiniteData<NotificationsPage, unknown>;

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => api<UnreadCount>('/api/notifications/unread-count', { signal }),
  // Kept current by the socket; read again after a reconnection.
  staleTime: Infinity,
});

export const notificationPagesQuery = infiniteQueryOptions({
  queryKey: notificationKeys.pages,
  queryFn: ({ pageParam, signal }) => api<NotificationsPage>(`/api/notifications${query({ before: pageParam })}`, { signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** Every item once, newest first, whatever pages and live events brought it. */
export function flattenNotifications(data: Pages | undefined): NotificationItem[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages.flatMap((page) => page.notifications).filter((n) => !seen.has(n._id) && Boolean(seen.add(n._id)));
}

// A read of the list or the count still on its way may have been answered before the event: the edit is made again over
// its answer (applyLive). Each edit is safe to make twice.
function editItems(qc: QueryClient, edit: (pages: Pages) => Pages) {
  applyLive<Pages>(qc, notificationKeys.pages, (data) => (data ? edit(data) : data));
}

const setUnread = (qc: QueryClient, count: number) => applyLive<UnreadCount>(qc, notificationKeys.unread, { count });

/** A new item, or a grouped one that changed: it moves to the top of every loaded list. */
export function applyNotificationEvent(qc: QueryClient, { notification, unreadCount }: NotificationEvent) {
  setUnread(qc, unreadCount);
  editItems(qc, (data) => {
    const pages = data.pages.map((page) => ({ ...page, notifications: page.notifications.filter((n) => n._id !== notification._id) }));
    const [first, ...rest] = pages;
    return first ? { ...data, pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest] } : data;
  });
}

/** The unread count changed without a new item (read on another device, or withdrawn): lists are read again. */
export function applyCountEvent(qc: QueryClient, unreadCount: number) {
  const before = qc.getQueryData<UnreadCount>(notificationKeys.unread)?.count;
  setUnread(qc, unreadCount);
  if (before !== unreadCount) void qc.invalidateQueries({ queryKey: notificationKeys.pages });
}

function markLocally(qc: QueryClient, which: (n: NotificationItem) => boolean) {
  const now = new Date().toISOString();
  editItems(qc, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((n) => (which(n) && !n.readAt ? { ...n, readAt: now } : n)),
    })),
  }));
}

/** Marks items read: shown at once, then the server's count. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReadInput) => api<UnreadCount>('/api/notifications/read', { method: 'POST', body: input }),
    onMutate: (input) => {
      if ('about' in input) markLocally(qc, (n) => isAbout(n, input.about));
      else if ('ids' in input) markLocally(qc, (n) => input.ids.includes(n._id));
      else markLocally(qc, () => true);
    },
    onSuccess: ({ count }) => setUnread(qc, count),
    // What the server holds wins over what was shown too early.
    onError: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
