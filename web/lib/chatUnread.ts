// How many conversations have unread messages: the Chat navigation item and the dashboard's "My Chats" card show it.
// Read once, then kept current by the server's `chatUnreadCount` event on the app's one socket.
// Only types come from common/: its zod schemas would otherwise travel in the layout's chunk.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChatUnreadCountEvent, UnreadCount } from '../../common/notifications.ts';
import { api } from './api.ts';
import { applyLive } from './live-cache.ts';
import { isVerified, useSession } from './session.tsx';
import { getSocket } from './socket.ts';

const chatUnreadKey = ['unread', 'chats'] as const;

/** The count (0 while loading or for a member who may not chat), live while a component shows it. */
export function useChatUnreadCount(): number {
  const { user } = useSession();
  const enabled = isVerified(user);
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: chatUnreadKey,
    queryFn: ({ signal }) => api<UnreadCount>('/api/conversations/unread-count', { signal }),
    enabled,
    // The socket keeps it current; a reconnection reads it again (below).
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    // A read still on its way may have been answered before this event: the pushed count is set again over its answer.
    const onCount = ({ count }: ChatUnreadCountEvent) => applyLive<UnreadCount>(client, chatUnreadKey, { count });
    // Whatever changed while the connection was down is read again.
    const onConnect = () => void client.invalidateQueries({ queryKey: chatUnreadKey });
    socket.on('chatUnreadCount', onCount);
    socket.on('connect', onConnect);
    return () => {
      socket.off('chatUnreadCount', onCount);
      socket.off('connect', onConnect);
    };
  }, [enabled, client]);

  return data?.count ?? 0;
}
