// The chat outbox (docs/decisions/0300-durable-chat-outbox.md): a message the member sends is written to IndexedDB
// first and leaves from there. One written offline, or while the socket is down, survives a reload and goes when the
// connection returns, exactly once: under its clientMessageId, which the server answers with the message it already
// stored instead of storing a second (server/features/chat/service.ts). One tab sends at a time (a Web Lock), in the
// order the messages were written.
import { clear, createStore, del, set, values, type UseStore } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import type { Message } from '../../common/chat.ts';
import type { ErrorBody } from '../../common/errors.ts';
import { getSocket } from './socket.ts';

export type Outgoing = {
  clientMessageId: string;
  userId: string;
  conversationId: string;
  text: string;
  attachmentIds?: string[];
  queuedAt: number;
};
type SendResult = Message | ErrorBody;

/** Where waiting messages are kept. IndexedDB in the browser; the tests give a map. */
type OutboxStore = {
  put(m: Outgoing): Promise<void>;
  remove(clientMessageId: string): Promise<void>;
  all(): Promise<Outgoing[]>;
  clear(): Promise<void>;
};

/** How a message leaves: the socket when it is connected and the browser online. */
export type Transport = {
  ready(): boolean;
  send(m: Outgoing): Promise<SendResult>;
  /** Calls back whenever sending may have become possible (the socket connected, the browser came online). */
  onReady(listener: () => void): () => void;
};

// A send with no answer by then is taken as lost with its connection and tried again (the server keeps it once).
const ACK_TIMEOUT_MS = 15_000;
const RETRY_MS = 5_000;
// Answers that say "not now" rather than "no": the message stays and is tried again.
const TRY_AGAIN = new Set(['RATE_LIMITED', 'INTERNAL', 'UNAVAILABLE']);
const LOCK = 'thera-chat-outbox';

function indexedDbStore(): OutboxStore {
  let db: UseStore | undefined;
  const store = () => (db ??= createStore('thera-outbox', 'messages'));
  return {
    put: (m) => set(m.clientMessageId, m, store()),
    remove: (id) => del(id, store()),
    all: () => values<Outgoing>(store()),
    clear: () => clear(store()),
  };
}

/** Kept in this page only: where IndexedDB is unavailable (some private windows), the outbox still works until a reload. */
export function memoryStore(): OutboxStore {
  const map = new Map<string, Outgoing>();
  return {
    put: async (m) => void map.set(m.clientMessageId, m),
    remove: async (id) => void map.delete(id),
    all: async () => [...map.values()],
    clear: async () => map.clear(),
  };
}

function socketTransport(): Transport {
  const socket = getSocket();
  return {
    ready: () => socket.connected && navigator.onLine,
    send: ({ conversationId, text, attachmentIds, clientMessageId }) => socket.timeout(ACK_TIMEOUT_MS)
      .emitWithAck('sendMessage', { conversationId, text, ...(attachmentIds?.length ? { attachmentIds } : {}), clientMessageId }),
    onReady(listener) {
      socket.on('connect', listener);
      window.addEventListener('online', listener);
      return () => {
        socket.off('connect', listener);
        window.removeEventListener('online', listener);
      };
    },
  };
}

const newClientId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

export class Outbox {
  private waiting: Outgoing[] = [];
  private readonly waiters = new Map<string, (result: SendResult) => void>();
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<(m: Message) => void>();
  private draining: Promise<void> | undefined;
  private again = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly stopReady: () => void;
  private stopped = false;
  readonly loaded: Promise<void>;

  readonly userId: string;
  private readonly store: OutboxStore;
  private readonly transport: Transport;

  constructor(userId: string, store: OutboxStore, transport: Transport) {
    this.userId = userId;
    this.store = store;
    this.transport = transport;
    this.stopReady = transport.onReady(() => void this.flush());
    // What an earlier page of this member left waiting (a reload, the tab closed offline).
    this.loaded = store.all().then((kept) => this.replace(kept)).catch(() => undefined).then(() => this.flush());
  }

  /** The messages of a conversation still waiting to leave, oldest first. */
  pending(conversationId: string): Outgoing[] {
    return this.waiting.filter((m) => m.conversationId === conversationId);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Every message that left (those kept from before a reload too): the caller adds it to what the screens show. */
  onSent(listener: (m: Message) => void): () => void {
    this.sentListeners.add(listener);
    return () => void this.sentListeners.delete(listener);
  }

  /** Keeps the message and sends it as soon as it can; resolves with the stored message, or the server's refusal. */
  async queue(input: Pick<Outgoing, 'conversationId' | 'text' | 'attachmentIds'>): Promise<SendResult> {
    const m: Outgoing = { ...input, clientMessageId: newClientId(), userId: this.userId, queuedAt: Date.now() };
    const result = new Promise<SendResult>((resolve) => this.waiters.set(m.clientMessageId, resolve));
    await this.store.put(m).catch((error: unknown) => console.warn('Outbox not kept on this device', error));
    this.waiting = [...this.waiting, m];
    this.tell();
    void this.flush();
    return result;
  }

  /** Sends what waits, one at a time and in order, while the connection lasts. Calls during a flush run it once more. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.underLock(() => this.drain()).finally(() => {
      this.draining = undefined;
      if (this.again) {
        this.again = false;
        void this.flush();
      }
    });
    return this.draining;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.stopReady();
  }

  /** Sign-out: nothing the member wrote stays on this device. */
  async forget(): Promise<void> {
    this.stop();
    this.replace([]);
    await this.store.clear().catch(() => undefined);
  }

  private underLock(run: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request(LOCK, () => run()).then(() => undefined) : run();
  }

  private async drain(): Promise<void> {
    // Another tab may have sent some, or written some, since: the store says what still waits.
    const kept = await this.store.all().catch(() => undefined);
    if (kept) this.replace([...kept, ...this.waiting.filter((m) => this.waiters.has(m.clientMessageId) && !kept.some((k) => k.clientMessageId === m.clientMessageId))]);
    for (const m of [...this.waiting]) {
      if (this.stopped || !this.transport.ready()) return;
      let result: SendResult;
      try {
        result = await this.transport.send(m);
      } catch {
        this.later();
        return;
      }
      if ('msg' in result && TRY_AGAIN.has(result.code)) {
        this.later();
        return;
      }
      await this.store.remove(m.clientMessageId).catch(() => undefined);
      this.waiting = this.waiting.filter((w) => w.clientMessageId !== m.clientMessageId);
      this.tell();
      const waiter = this.waiters.get(m.clientMessageId);
      this.waiters.delete(m.clientMessageId);
      if ('msg' in result) {
        if (!waiter) console.warn('A message kept from before was refused', result.msg);
      } else this.sentListeners.forEach((l) => l(result));
      waiter?.(result);
    }
  }

  private later(): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.flush(), RETRY_MS);
  }

  private replace(kept: Outgoing[]): void {
    const mine = kept.filter((m) => m.userId === this.userId).sort((a, b) => a.queuedAt - b.queuedAt);
    this.waiting = mine;
    this.tell();
  }

  private tell(): void {
    this.listeners.forEach((l) => l());
  }
}

let current: Outbox | undefined;

/** The signed-in member's outbox, opened on first use (its kept messages then start to go). */
export function outboxFor(userId: string): Outbox {
  if (current?.userId === userId) return current;
  current?.stop();
  const store = typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore();
  current = new Outbox(userId, store, socketTransport());
  return current;
}

/** At sign-out: unsent messages are dropped with the rest of the member's data on this device. */
export async function forgetOutbox(): Promise<void> {
  const outbox = current;
  current = undefined;
  if (outbox) await outbox.forget();
  else if (typeof indexedDB !== 'undefined') await indexedDbStore().clear().catch(() => undefined);
}

const NONE: Outgoing[] = [];

/** A conversation's messages waiting to leave, for the screen to show under the sent ones. */
export function useOutbox(userId: string, conversationId: string): Outgoing[] {
  const outbox = outboxFor(userId);
  return useSyncExternalStore((l) => outbox.subscribe(l), () => cached(outbox, conversationId), () => NONE);
}

// useSyncExternalStore needs the same array until something changes.
const snapshots = new WeakMap<Outbox, Map<string, Outgoing[]>>();
function cached(outbox: Outbox, conversationId: string): Outgoing[] {
  const now = outbox.pending(conversationId);
  const byConversation = snapshots.get(outbox) ?? new Map<string, Outgoing[]>();
  snapshots.set(outbox, byConversation);
  const last = byConversation.get(conversationId);
  if (last && last.length === now.length && last.every((m, i) => m === now[i])) return last;
  byConversation.set(conversationId, now);
  return now;
}
