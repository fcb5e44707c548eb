// The chat bench's baseline: a bare socket.io relay with no database, as its own process with the app's Node flags.
// Each socket joins the room its handshake names (its conversation); `sendMessage` is acknowledged with the message and
// sent to the room (both participants, as the app sends it); `messagesDelivered` is acknowledged and answered with a
// `messageStatus` to the room. With REDIS_URL it spans processes over Redis, as two app nodes do. RELAY_STATUS_TO=sender
// (bench/groups.ts) sends that `messageStatus` to the message's sender alone, as the app tells a group message's sender
// (the receipt then names the sender, `senderId`; each socket is also in its user's room).
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const server = createServer((request, response) => {
  response.writeHead(request.url === '/readyz' ? 200 : 404).end();
});
const io = new Server(server, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024 });
if (process.env.REDIS_URL) io.adapter(createAdapter(new Redis(process.env.REDIS_URL), new Redis(process.env.REDIS_URL)));

let sequence = 0;
const statusToSender = process.env.RELAY_STATUS_TO === 'sender';
io.on('connection', (socket) => {
  const room = String(socket.handshake.auth.room ?? '');
  const userId = String(socket.handshake.auth.userId ?? '');
  void socket.join(statusToSender ? [room, `user:${userId}`] : room);
  socket.on('sendMessage', (payload: { conversationId: string; text: string }, ack?: (message: unknown) => void) => {
    const message = {
      _id: `relay-${process.pid}-${sequence++}`, conversationId: payload.conversationId, sender: { _id: userId, name: 'Relay' },
      text: payload.text, status: 'sent', createdAt: new Date().toISOString(), kind: 'text', editedAt: null, unsentAt: null,
    };
    ack?.(message);
    io.to(room).emit('newMessage', message);
  });
  socket.on('messagesDelivered', (payload: { conversationId: string; senderId?: string }, ack?: (answer: unknown) => void) => {
    ack?.({ updated: 1 });
    const status = { conversationId: payload.conversationId, messageIds: [], status: 'delivered' };
    if (statusToSender) io.to(`user:${payload.senderId}`).emit('messageStatus', status);
    else socket.to(room).emit('messageStatus', status);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => void io.close(() => process.exit(0)));
