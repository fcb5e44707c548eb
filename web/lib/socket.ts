// The one socket.io connection of the signed-in app. The token is read at every (re)connection, so a new
// sign-in is picked up without a page load.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../common/chat.ts';
import { REALTIME_CLIENT_OPTIONS } from '../../common/constants.ts';
import type { NotificationServerEvents } from '../../common/notifications.ts';
import { getToken } from './api.ts';

/** Chat's events and the notification centre's travel on the same connection. */
export type ChatSocket = Socket<ServerToClientEvents & NotificationServerEvents, ClientToServerEvents>;

let socket: ChatSocket | null = null;

export function getSocket(): ChatSocket {
  socket ??= io({
    path: '/socket.io',
    autoConnect: false,
    auth: (cb) => cb({ token: getToken() }),
    // WebSocket first: with several server nodes it needs no sticky sessions; long-polling remains the fallback.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    ...REALTIME_CLIENT_OPTIONS,
  });
  return socket;
}

export function connectSocket(): ChatSocket {
  const s = getSocket();
  if (!s.connected && !s.active) s.connect();
  return s;
}

export function disconnectSocket(): void {
  socket?.disconnect();
}
