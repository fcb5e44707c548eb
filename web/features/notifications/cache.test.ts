// The notification caches as live events edit them: a regrouped item moves to the top once, counts follow the server,
// and every item shows once however the pages and events overlap.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationsPage, UnreadCount } from '../../../common/notifications.ts';
import { applyCountEvent, applyNotificationEvent, flattenNotifications, notificationKeys } from './api.ts';

const item = (id: string, count = 1, readAt: string | null = null): NotificationItem => ({
  _id: id, type: 'postLike', actors: [{ _id: 'u1', name: 'Amara Okafor', avatar: null }], count,
  target: { kind: 'post', _id: 'p1', title: 'A post', url: '/post/p1' }, detail: null, createdAt: '2026-11-24T10:00:00.000Z', readAt,
});

function withPages(pages: NotificationItem[][], unread: number) {
  const qc = new QueryClient();
  const data = { pages: pages.map((notifications) => ({ notifications, nextCursor: null })), pageParams: pages.map((_, i) => (i ? `c${i}` : undefined)) };
  qc.setQueryData(notificationKeys.pages, data);
  qc.setQueryData<UnreadCount>(notificationKeys.unread, { count: unread });
  return qc;
}
const shown = (qc: QueryClient) =>
  flattenNotifications(qc.getQueryData<{ pages: NotificationsPage[]; pageParams: unknown[] }>(notificationKeys.pages)).map((n) => `${n._id}:${n.count}`);
const unread = (qc: QueryClient) => qc.getQueryData<UnreadCount>(notificationKeys.unread)?.count;

describe('notification caches', () => {
  it('puts a new item on top and takes the count from the event', () => {
    const qc = withPages([[item('n2'), item('n1')]], 2);
    applyNotificationEvent(qc, { notification: item('n3'), unreadCount: 3 });
    expect(shown(qc)).toEqual(['n3:1', 'n2:1', 'n1:1']);
    expect(unread(qc)).toBe(3);
  });

  it('moves a regrouped item (same id, more actors) to the top once, from any loaded page', () => {
    const qc = withPages([[item('n3'), item('n2')], [item('n1')]], 3);
    applyNotificationEvent(qc, { notification: item('n1', 4), unreadCount: 3 });
    applyNotificationEvent(qc, { notification: item('n1', 4), unreadCount: 3 });
    expect(shown(qc)).toEqual(['n1:4', 'n3:1', 'n2:1']);
  });

  it('shows each item once when pages overlap after a new item pushed one down', () => {
    const data = { pages: [{ notifications: [item('n3'), item('n2')], nextCursor: 'x' }, { notifications: [item('n2'), item('n1')], nextCursor: null }], pageParams: [] };
    expect(flattenNotifications(data).map((n) => n._id)).toEqual(['n3', 'n2', 'n1']);
  });

  it('keeps a pushed count over a read of the count answered before it', async () => {
    const qc = withPages([[item('n1')]], 1);
    let answer: (count: UnreadCount) => void = () => {};
    const reread = qc.fetchQuery({ queryKey: notificationKeys.unread, queryFn: () => new Promise<UnreadCount>((resolve) => { answer = resolve; }), staleTime: 0 });
    applyNotificationEvent(qc, { notification: item('n2'), unreadCount: 2 });
    answer({ count: 1 });
    await reread;
    expect(unread(qc)).toBe(2);
  });

  it('sets the count from a count-only event', () => {
    const qc = withPages([[item('n1')]], 1);
    applyCountEvent(qc, 0);
    expect(unread(qc)).toBe(0);
  });
});
