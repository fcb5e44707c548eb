// Group receipts as a sender's device hears them (docs/decisions/0380): the members named for a message over all the
// `messageStatus` updates it got, however the nodes gathered them.
import { settle, type ChatClient } from './sockets.ts';

const WAIT_MS = 20_000;

/** The members each update names for this message, over every `messageStatus` the socket got (with its status). */
export function namedFor(socket: ChatClient, messageId: string, status: 'delivered' | 'read'): string[] {
  const named = (socket.received.messageStatus ?? []).filter((u) => u.status === status && u.messageIds.includes(messageId))
    .flatMap((u) => u.userIds ?? (u.userId ? [u.userId] : []));
  return named.sort();
}

/** Waits (up to 20 s) until `count` different members are named for the message, and gives them. */
export async function untilNamed(socket: ChatClient, messageId: string, status: 'delivered' | 'read', count: number) {
  const deadline = Date.now() + WAIT_MS;
  while (new Set(namedFor(socket, messageId, status)).size < count && Date.now() < deadline) await settle(50);
  return namedFor(socket, messageId, status);
}

