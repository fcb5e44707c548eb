// Opening what notifications point to (a post with its comments, a referral) reads them: the bell here changes with the
// answer, and the member's other devices hear the new count from the server. An item about it arriving while it is
// open is read too: the member is looking at it. Only types come from common/ (the layout's chunk carries no zod).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationEvent, NotificationItem, ReadAbout, UnreadCount } from '../../common/notifications.ts';
import { api } from './api.ts';
import { applyLive } from './live-cache.ts';
import { isVerified, useSession } from './session.tsx';
import { getSocket } from './socket.ts';

/** The notification centre's query keys (web/features/notifications uses these). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  pages: ['notifications', 'pages'] as const,
};

/** Whether the item is about the post (a reply, a comment's reply, a mention, a like) or the referral. */
export function isAbout(item: Pick<NotificationItem, 'target'>, about: ReadAbout): boolean {
  if (about.kind === 'referral') return item.target.kind === 'referral' && item.target._id === about.id;
  const path = item.target.url.split('#')[0];
  return path === `/post/${about.id}`;
}

/** Reads the member's items about `about` now and whenever one arrives while the page shows it. */
export function useReadAbout(about: ReadAbout | null): void {
  const { user } = useSession();
  const qc = useQueryClient();
  const kind = about?.kind;
  const id = about?.id;
  const enabled = isVerified(user) && Boolean(kind && id);
  useEffect(() => {
    if (!enabled || !kind || !id) return;
    const target = { kind, id } as ReadAbout;
    const read = () => {
      void api<UnreadCount>('/api/notifications/read', { method: 'POST', body: { about: target } }).then((answer) => {
        // A read of the count still on its way may have been answered before this one: set again over its answer.
        applyLive<UnreadCount>(qc, notificationKeys.unread, answer);
        void qc.invalidateQueries({ queryKey: notificationKeys.pages });
      }, () => undefined);
    };
    read();
    const socket = getSocket();
    const onNotification = ({ notification }: NotificationEvent) => {
      if (isAbout(notification, target)) read();
    };
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, [enabled, kind, id, qc]);
}
