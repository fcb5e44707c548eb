import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server as HttpServer } from 'node:http';
import type { Deps } from '../context.ts';
import { userForToken, type CurrentUser } from './auth.ts';

export type AuthedSocket = Socket & { data: { user: CurrentUser } };
export type Realtime = {
  io: Server;
  toUser: (userId: string) => ReturnType<Server['to']>;
  toConversation: (conversationId: string) => ReturnType<Server['to']>;
};

export const userRoom = (id: string) => `user:${id}`;
export const conversationRoom = (id: string) => `conversation:${id}`;

/** socket.io on the app's own HTTP server; the handshake's token decides who the socket is. */
export function createRealtime(server: HttpServer, deps: Deps): Realtime {
  const io = new Server(server, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024 });
  if (deps.redis) io.adapter(createAdapter(deps.redis.pub, deps.redis.sub));
  io.use(async (socket, next) => {
    const token = socket.handshake.auth?.token;
    const user = typeof token === 'string' && token.length <= 200
      ? await userForToken(deps.db, token, deps.config.session).catch(() => null)
      : null;
    if (!user) return next(new Error('unauthorized'));
    socket.data.user = user;
    next();
  });
  io.on('connection', (socket) => {
    void socket.join(userRoom((socket as AuthedSocket).data.user.id));
  });
  return {
    io,
    toUser: (id) => io.to(userRoom(id)),
    toConversation: (id) => io.to(conversationRoom(id)),
  };
}
