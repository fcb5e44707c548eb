// Small live stores fed by socket events: who is online, and who is typing where.
import { useSyncExternalStore } from 'react';
import { TYPING_IDLE_MS } from '../../../common/constants.ts';

function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const online = createStore<ReadonlySet<string>>(new Set());

export const presence = {
  replace: (ids: string[]) => online.set(new Set(ids)),
  change(userId: string, isOnline: boolean) {
    const next = new Set(online.get());
    if (isOnline) next.add(userId);
    else next.delete(userId);
    online.set(next);
  },
  clear: () => online.set(new Set()),
};

// A page the server drew (docs/decisions/0104) shows nobody online and nobody typing: only the socket knows.
const nobodyOnline = () => false;
const nobodyTyping = () => undefined;

export function useIsOnline(userId: string | undefined): boolean {
  return useSyncExternalStore(online.subscribe, () => (userId ? online.get().has(userId) : false), nobodyOnline);
}

/** How many of these members are online (a group's header). */
export function useOnlineCount(userIds: readonly string[]): number {
  const key = userIds.join(',');
  return useSyncExternalStore(online.subscribe, () => (key ? key.split(',').filter((id) => online.get().has(id)).length : 0), () => 0);
}

// Who is typing, per conversation. An entry also expires by itself, in case its stopTyping never comes
// (the typist's connection dropped on the way).
type Typist = { userId: string; userName: string };
const typists = createStore<ReadonlyMap<string, Typist>>(new Map());
const expiry = new Map<string, ReturnType<typeof setTimeout>>();
const SAFETY_MS = TYPING_IDLE_MS * 3;

export const typing = {
  start(conversationId: string, typist: Typist) {
    clearTimeout(expiry.get(conversationId));
    expiry.set(conversationId, setTimeout(() => typing.stop(conversationId, typist.userId), SAFETY_MS));
    typists.set(new Map(typists.get()).set(conversationId, typist));
  },
  stop(conversationId: string, userId: string) {
    if (typists.get().get(conversationId)?.userId !== userId) return;
    clearTimeout(expiry.get(conversationId));
    const next = new Map(typists.get());
    next.delete(conversationId);
    typists.set(next);
  },
};

export function useTypist(conversationId: string): Typist | undefined {
  return useSyncExternalStore(typists.subscribe, () => typists.get().get(conversationId), nobodyTyping);
}
