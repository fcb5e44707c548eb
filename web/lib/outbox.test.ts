// The chat outbox: kept until the server has the message, sent in order, once by its clientMessageId, across a reload
// and with two tabs sending from the same store.
import { expect, test } from 'vitest';
import type { Message } from '../../common/chat.ts';
import type { ErrorBody } from '../../common/errors.ts';
import { memoryStore, Outbox, type Outgoing, type Transport } from './outbox.ts';

/** A chat server that stores a message once per clientMessageId (as server/features/chat/service.ts does). */
function fakeServer() {
  const stored = new Map<string, Message>();
  const sends: string[] = [];
  const listeners = new Set<() => void>();
  let up = false;
  let refuse: ErrorBody | undefined;
  let loseNextAnswer = false;
  const transport: Transport = {
    ready: () => up,
    async send(m: Outgoing) {
      sends.push(m.clientMessageId);
      if (refuse) return refuse;
      if (!stored.has(m.clientMessageId)) {
        stored.set(m.clientMessageId, { _id: `m${stored.size}`, conversationId: m.conversationId, text: m.text } as Message);
      }
      // The connection went away after the server stored it and before its answer arrived.
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new Error('operation has timed out');
      }
      return stored.get(m.clientMessageId)!;
    },
    onReady(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    transport, stored, sends,
    texts: () => [...stored.values()].map((m) => m.text),
    connect() {
      up = true;
      listeners.forEach((l) => l());
    },
    disconnect: () => void (up = false),
    refuseWith: (body: ErrorBody | undefined) => void (refuse = body),
    loseNextAnswer: () => void (loseNextAnswer = true),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('a message written while disconnected waits, then goes once when the connection returns', async () => {
  const server = fakeServer();
  const store = memoryStore();
  const outbox = new Outbox('me', store, server.transport);
  await outbox.loaded;
  const first = outbox.queue({ conversationId: 'c', text: 'Are you free on Thursday?' });
  void outbox.queue({ conversationId: 'c', text: 'Or Friday?' });
  await settle();
  expect(outbox.pending('c').map((m) => m.text)).toEqual(['Are you free on Thursday?', 'Or Friday?']);
  expect(await store.all()).toHaveLength(2);
  expect(server.sends).toEqual([]);

  server.connect();
  expect(await first).toMatchObject({ text: 'Are you free on Thursday?' });
  await settle();
  expect(server.texts()).toEqual(['Are you free on Thursday?', 'Or Friday?']);
  expect(server.sends).toHaveLength(2);
  expect(outbox.pending('c')).toEqual([]);
  expect(await store.all()).toEqual([]);
  outbox.stop();
});

test('an answer lost with the connection is tried again under the same id: the server keeps the message once', async () => {
  const server = fakeServer();
  const outbox = new Outbox('me', memoryStore(), server.transport);
  server.connect();
  server.loseNextAnswer();
  const sent = outbox.queue({ conversationId: 'c', text: 'See you then' });
  await settle();
  expect(outbox.pending('c')).toHaveLength(1);
  server.connect();
  expect(await sent).toMatchObject({ text: 'See you then' });
  expect(server.sends).toHaveLength(2);
  expect(new Set(server.sends).size).toBe(1);
  expect(server.texts()).toEqual(['See you then']);
  outbox.stop();
});

test('after a reload, what was kept goes (and is announced), and only the member who wrote it sends it', async () => {
  const server = fakeServer();
  const store = memoryStore();
  const before = new Outbox('me', store, server.transport);
  void before.queue({ conversationId: 'c', text: 'Written offline' });
  await settle();
  before.stop();

  const someoneElse = new Outbox('other', store, server.transport);
  const reloaded = new Outbox('me', store, server.transport);
  const announced: string[] = [];
  reloaded.onSent((m) => announced.push(m.text));
  await reloaded.loaded;
  expect(reloaded.pending('c').map((m) => m.text)).toEqual(['Written offline']);
  expect(someoneElse.pending('c')).toEqual([]);
  server.connect();
  await settle();
  expect(server.texts()).toEqual(['Written offline']);
  expect(announced).toEqual(['Written offline']);
  expect(await store.all()).toEqual([]);
  someoneElse.stop();
  reloaded.stop();
});

test('two tabs flushing the same kept messages send each once', async () => {
  const server = fakeServer();
  const store = memoryStore();
  const writer = new Outbox('me', store, server.transport);
  for (const text of ['one', 'two', 'three']) void writer.queue({ conversationId: 'c', text });
  await settle();
  const other = new Outbox('me', store, server.transport);
  await other.loaded;
  server.connect();
  await settle();
  await Promise.all([writer.flush(), other.flush()]);
  expect(server.texts()).toEqual(['one', 'two', 'three']);
  // Each tab re-reads the store under the lock, so a message the other tab sent is not sent again.
  expect(server.sends).toHaveLength(3);
  writer.stop();
  other.stop();
});

test('a refusal ends the wait with the server\'s words; "not now" keeps the message for later', async () => {
  const server = fakeServer();
  const store = memoryStore();
  const outbox = new Outbox('me', store, server.transport);
  server.connect();
  server.refuseWith({ msg: 'Slow down a little.', code: 'RATE_LIMITED' });
  void outbox.queue({ conversationId: 'c', text: 'Too fast' });
  await settle();
  expect(outbox.pending('c')).toHaveLength(1);

  server.refuseWith({ msg: 'This member is not accepting messages.', code: 'FORBIDDEN' });
  const refused = outbox.queue({ conversationId: 'c', text: 'Blocked' });
  expect(await refused).toEqual({ msg: 'This member is not accepting messages.', code: 'FORBIDDEN' });
  expect(outbox.pending('c')).toEqual([]);
  expect(await store.all()).toEqual([]);
  expect(server.stored.size).toBe(0);
  outbox.stop();
});

test('sign-out forgets what waits', async () => {
  const server = fakeServer();
  const store = memoryStore();
  const outbox = new Outbox('me', store, server.transport);
  void outbox.queue({ conversationId: 'c', text: 'Never sent' });
  await settle();
  await outbox.forget();
  expect(await store.all()).toEqual([]);
  server.connect();
  await settle();
  expect(server.sends).toEqual([]);
});
