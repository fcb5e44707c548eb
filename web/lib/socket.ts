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
/** Disconnected on purpose (signed out): a refused handshake is then not retried. */
let stopped = false;

export function getSocket(): ChatSocket {
  if (socket) return socket;
  socket = io({
    path: '/socket.io',
    autoConnect: false,
    auth: (cb) => cb({ token: getToken() }),
    // WebSocket first: with several server nodes it needs no sticky sessions; long-polling remains the fallback.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    ...REALTIME_CLIENT_OPTIONS,
  });
  retryRefusedHandshakes(socket);
  return socket;
}

/**
 * socket.io reconnects by itself after a lost connection, but not after the server refused the handshake (a database
 * too busy to check the token, a cap, a session being replaced): the socket then stays down, and with it every tick,
 * receipt and live update, until the page is loaded again. Such a refusal is retried here, sooner at first and at
 * most every 30 s, until the socket connects or the app disconnects it.
 */
export function retryRefusedHandshakes(s: Socket, isStopped: () => boolean = () => stopped): void {
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  s.on('connect', () => {
    attempts = 0;
  });
  s.on('connect_error', () => {
    // Active: socket.io is already retrying (a transport failure); inactive: the server said no.
    if (s.active) return;
    clearTimeout(timer);
    const delay = Math.min(30_000, REALTIME_CLIENT_OPTIONS.reconnectionDelay * 2 ** attempts++) * (0.75 + Math.random() * 0.5);
    timer = setTimeout(() => {
      if (!s.connected && !s.active && !isStopped()) s.connect();
    }, delay);
  });
}

export function connectSocket(): ChatSocket {
  stopped = false;
  const s = getSocket();
  if (!s.connected && !s.active) s.connect();
  return s;
}

export function disconnectSocket(): void {
  stopped = true;
  socket?.disconnect();
}
