// Socket test helpers: real socket.io clients, and waiting for the events they receive.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents as ChatEvents } from '../../common/chat.ts';
import type { NotificationServerEvents } from '../../common/notifications.ts';
import type { TestContext } from './harness.ts';
import type { TestUser } from './factories.ts';

type ServerToClientEvents = ChatEvents & NotificationServerEvents;
export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents> & { received: Received };
type Received = { [E in keyof ServerToClientEvents]?: Parameters<ServerToClientEvents[E]>[0][] };

/** A connected client for the token; every event it receives is recorded in `received`. */
export async function connectClient(
  url: string, token: string | undefined, options: { reconnection?: boolean; headers?: Record<string, string> } = {},
): Promise<ChatClient> {
  const socket = io(url, {
    path: '/socket.io', transports: ['websocket'], auth: token === undefined ? {} : { token }, extraHeaders: options.headers,
    reconnection: options.reconnection ?? false, forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 200,
  }) as ChatClient;
  socket.received = {};
  socket.onAny((event: keyof ServerToClientEvents, payload: any) => {
    (socket.received[event] ??= [] as never[]).push(payload);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
  return socket;
}

/** Resolves with the first (already received or next) payload of the event that matches. */
export function waitFor<E extends keyof ServerToClientEvents>(
  socket: ChatClient, event: E, match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true, timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  type P = Parameters<ServerToClientEvents[E]>[0];
  const seen = (socket.received[event] as P[] | undefined)?.find(match);
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.offAny(listener);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (name: string, payload: P) => {
      if (name !== event || !match(payload)) return;
      clearTimeout(timer);
      socket.offAny(listener);
      resolve(payload);
    };
    socket.onAny(listener);
  });
}

/** Emits with an ack and resolves with the server's response. */
export function call<E extends keyof ClientToServerEvents>(socket: ChatClient, event: E, ...payload: unknown[]): Promise<any> {
  return (socket.timeout(5000) as any).emitWithAck(event, ...payload);
}

/** Lets in-flight events arrive before asserting that something did not happen. */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

export async function openConversation(ctx: TestContext, from: TestUser, to: TestUser): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/conversations', headers: from.headers, payload: { recipientId: to.id } });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`open conversation: ${res.statusCode} ${res.body}`);
  return res.json()._id;
}
