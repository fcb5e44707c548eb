// Mounted for the whole signed-in app (lazily, see web/app/routes.tsx): keeps the socket connected so the user
// shows as online and their devices acknowledge delivery on any screen, and keeps the chat caches current.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation, ServerToClientEvents } from '../../../common/chat.ts';
import { useSession } from '../../lib/session.tsx';
import { outboxFor } from '../../lib/outbox.ts';
import { connectSocket, disconnectSocket } from '../../lib/socket.ts';
import {
  addMessage, applyPin, applyStatus, chatKeys, conversationsQuery, removeConversation, replaceMessage, upsertConversation,
} from './api.ts';
import { presence, typing } from './stores.ts';

export default function RealtimeConnection() {
  const { user, verify } = useSession();
  const qc = useQueryClient();
  const myId = user?._id;

  // Messages kept in the outbox from before (a reload, a tab closed offline) go on any screen once connected.
  useEffect(() => (myId ? outboxFor(myId).onSent((m) => addMessage(qc, m)) : undefined), [myId, qc]);

  useEffect(() => {
    if (!myId) return;
    const socket = connectSocket();
    // A change that arrives while the list is read again is made again over the read's answer (upsertConversation).
    const liveConversation = (c: Conversation) => upsertConversation(qc, c);
    const onConnect = () => {
      // The spec's announcement; the server knows who this is from the token.
      socket.emit('userOnline', myId);
      // Whatever happened while disconnected (or before this page loaded) is fetched again, every loaded page of the
      // list; caches dedupe by _id.
      void qc.fetchInfiniteQuery({ ...conversationsQuery(myId), staleTime: 0 }).catch(() => undefined);
      void qc.invalidateQueries({ queryKey: ['chat', 'messages'] });
    };
    const handlers: Partial<{ [E in keyof ServerToClientEvents]: ServerToClientEvents[E] }> = {
      getOnlineUsers: presence.replace,
      presenceChanged: ({ userId, online }) => presence.change(userId, online),
      newMessage(message) {
        addMessage(qc, message);
        if (message.sender._id !== myId) {
          typing.stop(message.conversationId, message.sender._id);
          socket.emit('messagesDelivered', { conversationId: message.conversationId });
        }
      },
      messageEdited: (message) => replaceMessage(qc, message),
      messageUnsent: (message) => replaceMessage(qc, message),
      messageStatus: ({ conversationId, messageIds, status, userId, userIds }) =>
        applyStatus(qc, conversationId, messageIds, status, userIds ?? (userId ? [userId] : [])),
      conversationUpdated: liveConversation,
      newConversation(c) {
        if (c.participants.some((p) => p._id === myId)) liveConversation(c);
      },
      conversationDeleted: ({ conversationId }) => removeConversation(qc, conversationId),
      pinUpdated: (update) => applyPin(qc, update),
      typing({ conversationId, userId, userName }) {
        if (userId !== myId) typing.start(conversationId, { userId, userName });
      },
      stopTyping: ({ conversationId, userId }) => typing.stop(conversationId, userId),
    };
    // The server ends the sockets of a session it ended (revoked in the settings, a password change, an administrator):
    // the page asks whether its session stands and, if not, signs out at once instead of at the next tap. A refused
    // reconnection (the session ended while the connection was down) asks the same.
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') void verify();
    };
    const onRefused = (error: Error) => {
      if (error.message === 'unauthorized') void verify();
    };
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onRefused);
    const events = Object.entries(handlers) as [keyof ServerToClientEvents, (...args: never[]) => void][];
    socket.on('connect', onConnect);
    for (const [event, handler] of events) socket.on(event, handler as never);
    if (socket.connected) onConnect();
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onRefused);
      for (const [event, handler] of events) socket.off(event, handler as never);
      disconnectSocket();
      presence.clear();
      qc.removeQueries({ queryKey: chatKeys.all });
    };
  }, [myId, qc, verify]);

  return null;
}
