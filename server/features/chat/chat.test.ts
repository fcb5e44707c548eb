// REST API of the chat: conversations, messages, the message pin and the per-user conversation pin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_ERRORS } from '../../../common/chat.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { insertMessage } from './queries.ts';
import { markDeliveredMany } from './receipt-queries.ts';
import { openConversation } from '../../test/sockets.ts';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let cat: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bob, cat] = await Promise.all([createUser(ctx.db, { name: 'Ann Adler' }), createUser(ctx.db, { name: 'Bob Brown' }), createUser(ctx.db, { name: 'Cat Cole' })]);
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers, payload: payload as object });

/** Messages stored directly, in order, as if sent through the socket. */
async function store(conversationId: string, sender: TestUser, texts: string[]) {
  const ids: string[] = [];
  for (const text of texts) ids.push((await insertMessage(ctx.db, conversationId, sender.id, text))!.id);
  return ids;
}

describe('POST /api/conversations', () => {
  it('creates a conversation once and returns the same one to either side', async () => {
    const dan = await createUser(ctx.db);
    const first = await inject('POST', '/api/conversations', ann, { recipientId: dan.id });
    expect(first.statusCode).toBe(201);
    const again = await inject('POST', '/api/conversations', ann, { recipientId: dan.id });
    const reverse = await inject('POST', '/api/conversations', dan, { recipientId: ann.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first.json()._id);
    expect(reverse.json()._id).toBe(first.json()._id);
  });

  it('makes one conversation when both sides start it at the same moment', async () => {
    const [eve, fay] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => inject('POST', '/api/conversations', eve, { recipientId: fay.id })),
      ...Array.from({ length: 5 }, () => inject('POST', '/api/conversations', fay, { recipientId: eve.id })),
    ]);
    expect(results.map((r) => r.statusCode).every((s) => s === 200 || s === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json()._id)).size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const [{ n }] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM conversation_participants WHERE conversation_id = ${results[0].json()._id}`);
    expect(n).toBe(2);
  });

  it('is in the opener\'s list only until it holds a message: the other member never sees an empty conversation', async () => {
    const [gus, hal] = await Promise.all([createUser(ctx.db, { name: 'Gus Opener' }), createUser(ctx.db, { name: 'Hal Other' })]);
    const listed = async (user: TestUser) => (await inject('GET', '/api/conversations', user)).json().map((c: { _id: string }) => c._id);
    const id = (await inject('POST', '/api/conversations', gus, { recipientId: hal.id })).json()._id;
    expect(await listed(gus)).toEqual([id]);
    expect(await listed(hal)).toEqual([]);
    expect((await inject('GET', '/api/conversations/unread-count', hal)).json()).toEqual({ count: 0 });
    // The other member opening it too (they start a chat with the opener) brings it to their list as well.
    const [ida, ivy] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const theirs = (await inject('POST', '/api/conversations', ida, { recipientId: ivy.id })).json()._id;
    expect((await inject('POST', '/api/conversations', ivy, { recipientId: ida.id })).json()._id).toBe(theirs);
    expect(await listed(ivy)).toEqual([theirs]);
    // The first message shows it to the other member, unread, whoever writes it.
    await store(id, gus, ['Hello Hal']);
    expect(await listed(hal)).toEqual([id]);
    expect((await inject('GET', '/api/conversations', hal)).json()[0]).toMatchObject({ lastMessage: { text: 'Hello Hal' }, unreadCounts: { [hal.id]: 1 } });
    const [jo, kit] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const answered = (await inject('POST', '/api/conversations', jo, { recipientId: kit.id })).json()._id;
    await store(answered, kit, ['Kit writes first']);
    expect(await listed(kit)).toEqual([answered]);
  });

  it('refuses oneself, an unknown user, an unverified user and a bad id', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const rejected = await createUser(ctx.db, { status: 'rejected' });
    const self = await inject('POST', '/api/conversations', ann, { recipientId: ann.id });
    expect([self.statusCode, self.json().msg]).toEqual([400, CHAT_ERRORS.recipientIsSelf]);
    const unknown = await inject('POST', '/api/conversations', ann, { recipientId: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([404, CHAT_ERRORS.recipientNotFound]);
    for (const other of [pending, rejected]) {
      const res = await inject('POST', '/api/conversations', ann, { recipientId: other.id });
      expect([res.statusCode, res.json().msg]).toEqual([400, CHAT_ERRORS.recipientNotVerified]);
    }
    const bad = await inject('POST', '/api/conversations', ann, { recipientId: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/recipientId/);
    const missing = await inject('POST', '/api/conversations', ann, {});
    expect(missing.statusCode).toBe(400);
  });

  it('needs a verified licence and a session', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    const res = await inject('POST', '/api/conversations', pending, { recipientId: ann.id });
    expect([res.statusCode, res.json().msg]).toEqual([403, 'Your licence has not been verified yet.']);
    expect((await inject('POST', '/api/conversations', undefined, { recipientId: ann.id })).statusCode).toBe(401);
  });

  it('decides access before the body is read or checked: 401 signed out, 403 pending, however bad the body', async () => {
    const pending = await createUser(ctx.db, { status: 'pending' });
    for (const body of [{}, { recipientId: 'not-an-id' }]) {
      const anonymous = await inject('POST', '/api/conversations', undefined, body);
      expect([anonymous.statusCode, anonymous.json().msg]).toEqual([401, 'Please log in to continue.']);
      const waiting = await inject('POST', '/api/conversations', pending, body);
      expect([waiting.statusCode, waiting.json().msg]).toEqual([403, 'Your licence has not been verified yet.']);
    }
    const malformed = await ctx.app.inject({
      method: 'POST', url: '/api/conversations', headers: { 'content-type': 'application/json' }, payload: '{"recipientId": ',
    });
    expect(malformed.statusCode).toBe(401);
  });
});

describe('GET /api/conversations', () => {
  it('lists the user\'s conversations with participants, last message, pin and unread counts, newest first', async () => {
    const [u, v, w] = await Promise.all([createUser(ctx.db, { name: 'Uma' }), createUser(ctx.db, { name: 'Vic' }), createUser(ctx.db, { name: 'Wes' })]);
    const withV = await openConversation(ctx, u, v);
    const withW = await openConversation(ctx, u, w);
    await store(withW, w, ['hello from Wes']);
    const [, second] = await store(withV, v, ['hi Uma', 'are you free?']);
    await inject('PATCH', `/api/conversations/${withV}/pin`, v, { messageId: second });

    const res = await inject('GET', '/api/conversations', u);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { _id: string }) => c._id)).toEqual([withV, withW]);
    const [first] = list;
    expect(first.participants.map((p: { name: string }) => p.name).sort()).toEqual(['Uma', 'Vic']);
    expect(first.participants[0]).toEqual({ _id: expect.any(String), name: expect.any(String), avatar: null });
    expect(first.lastMessage).toMatchObject({ text: 'are you free?', status: 'sent', sender: { _id: v.id, name: 'Vic' }, conversationId: withV });
    expect(first.pinnedMessage).toEqual({ _id: second, text: 'are you free?', sender: { name: 'Vic' } });
    expect(first.unreadCounts).toEqual({ [u.id]: 2, [v.id]: 0 });
    expect(first.isPinned).toBe(false);
    expect(Date.parse(first.updatedAt)).toBeGreaterThan(Date.parse(list[1].updatedAt));
    // Someone else sees none of it.
    expect((await inject('GET', '/api/conversations', w)).json().map((c: { _id: string }) => c._id)).toEqual([withW]);
  });

  it('puts the user\'s own pinned conversations first and pages with before/limit', async () => {
    const me = await createUser(ctx.db);
    const others = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx.db)));
    const ids: string[] = [];
    for (const other of others) {
      const id = await openConversation(ctx, me, other);
      await store(id, other, ['hi']);
      ids.push(id);
    }
    // ids[3] is the newest; pin the oldest.
    const pinned = await inject('PATCH', `/api/conversations/${ids[0]}/pin-conversation`, me, { isPinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ _id: ids[0], isPinned: true });
    const all = (await inject('GET', '/api/conversations', me)).json().map((c: { _id: string }) => c._id);
    expect(all).toEqual([ids[0], ids[3], ids[2], ids[1]]);
    const page1 = (await inject('GET', '/api/conversations?limit=2', me)).json().map((c: { _id: string }) => c._id);
    const page2 = (await inject('GET', `/api/conversations?limit=2&before=${page1[1]}`, me)).json().map((c: { _id: string }) => c._id);
    expect([...page1, ...page2]).toEqual(all);
    // The other side's list is untouched by my pin.
    const theirs = (await inject('GET', '/api/conversations', others[0])).json();
    expect(theirs[0].isPinned).toBe(false);
  });

  it('refuses a bad query and no session', async () => {
    expect((await inject('GET', '/api/conversations?limit=0', ann)).statusCode).toBe(400);
    expect((await inject('GET', '/api/conversations?before=x', ann)).statusCode).toBe(400);
    expect((await inject('GET', '/api/conversations')).statusCode).toBe(401);
  });
});

describe('GET /api/conversations/:id', () => {
  it('returns the conversation as the participant sees it, and nothing to anyone else', async () => {
    const id = await openConversation(ctx, bob, cat);
    await store(id, bob, ['Hello Cat']);
    const seen = await inject('GET', `/api/conversations/${id}`, cat);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      _id: id, isPinned: false, lastMessage: { text: 'Hello Cat', sender: { _id: bob.id } }, unreadCounts: { [cat.id]: 1, [bob.id]: 0 },
    });
    expect(seen.json().participants.map((p: { name: string }) => p.name).sort()).toEqual(['Bob Brown', 'Cat Cole']);
    const other = await inject('GET', `/api/conversations/${id}`, ann);
    expect([other.statusCode, other.json().msg]).toEqual([404, CHAT_ERRORS.conversationNotFound]);
    expect((await inject('GET', '/api/conversations/not-an-id', ann)).statusCode).toBe(400);
    expect((await inject('GET', `/api/conversations/${id}`)).statusCode).toBe(401);
  });
});

describe('delivery receipts', () => {
  it('relax only their own commit: the next statement on the connection is durable again', async () => {
    const dee = await createUser(ctx.db, { name: 'Dee Dunn' });
    const id = await openConversation(ctx, ann, dee);
    const [sent] = await store(id, dee, ['Are you free Tuesday?']);
    const [result] = await markDeliveredMany(ctx.db, [{ conversationId: id, userId: ann.id }]);
    expect(result.changed).toEqual([{ id: sent, senderId: dee.id }]);
    const [setting] = await queryRows<{ synchronous_commit: string }>(ctx.db, sql`SHOW synchronous_commit`);
    expect(setting.synchronous_commit).toBe('on');
  });
});

describe('GET /api/conversations/:id/messages', () => {
  it('returns the newest page first, oldest to newest within it, and older pages with before', async () => {
    const id = await openConversation(ctx, ann, cat);
    const texts = Array.from({ length: 120 }, (_, i) => `message ${i + 1}`);
    await store(id, ann, texts);
    const first = await inject('GET', `/api/conversations/${id}/messages`, cat);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toHaveLength(50);
    expect(page1[0].text).toBe('message 71');
    expect(page1[49]).toMatchObject({ text: 'message 120', status: 'sent', sender: { _id: ann.id }, conversationId: id });
    const page2 = (await inject('GET', `/api/conversations/${id}/messages?before=${page1[0]._id}`, cat)).json();
    expect(page2.map((m: { text: string }) => m.text)).toEqual(texts.slice(20, 70));
    const page3 = (await inject('GET', `/api/conversations/${id}/messages?before=${page2[0]._id}&limit=100`, ann)).json();
    expect(page3.map((m: { text: string }) => m.text)).toEqual(texts.slice(0, 20));
  });

  it('hides the conversation from anyone else, and refuses bad ids and limits', async () => {
    const id = await openConversation(ctx, ann, bob);
    const other = await inject('GET', `/api/conversations/${id}/messages`, cat);
    expect([other.statusCode, other.json().msg]).toEqual([404, CHAT_ERRORS.conversationNotFound]);
    expect((await inject('GET', `/api/conversations/not-an-id/messages`, ann)).statusCode).toBe(400);
    expect((await inject('GET', `/api/conversations/${id}/messages?limit=101`, ann)).statusCode).toBe(400);
    expect((await inject('GET', `/api/conversations/${id}/messages?before=nope`, ann)).statusCode).toBe(400);
    expect((await inject('GET', `/api/conversations/${id}/messages`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/conversations/:id/pin', () => {
  it('pins a message, replaces the pin, and unpins it with the same call', async () => {
    const id = await openConversation(ctx, bob, cat);
    const [m1, m2] = await store(id, bob, ['first', 'second']);
    const pin1 = await inject('PATCH', `/api/conversations/${id}/pin`, cat, { messageId: m1 });
    expect(pin1.statusCode).toBe(200);
    expect(pin1.json()).toEqual({ conversationId: id, pinnedMessage: { _id: m1, text: 'first', sender: { name: 'Bob Brown' } } });
    const pin2 = await inject('PATCH', `/api/conversations/${id}/pin`, bob, { messageId: m2 });
    expect(pin2.json().pinnedMessage._id).toBe(m2);
    const unpin = await inject('PATCH', `/api/conversations/${id}/pin`, cat, { messageId: m2 });
    expect(unpin.json()).toEqual({ conversationId: id, pinnedMessage: null });
  });

  it('refuses a non-participant, a message of another conversation and bad input', async () => {
    const id = await openConversation(ctx, bob, cat);
    const [m] = await store(id, bob, ['mine']);
    const elsewhere = await openConversation(ctx, ann, bob);
    const [foreign] = await store(elsewhere, ann, ['not here']);
    const outsider = await inject('PATCH', `/api/conversations/${id}/pin`, ann, { messageId: m });
    expect([outsider.statusCode, outsider.json().msg]).toEqual([404, CHAT_ERRORS.conversationNotFound]);
    const wrong = await inject('PATCH', `/api/conversations/${id}/pin`, bob, { messageId: foreign });
    expect([wrong.statusCode, wrong.json().msg]).toEqual([404, CHAT_ERRORS.messageNotFound]);
    expect((await inject('PATCH', `/api/conversations/${id}/pin`, bob, { messageId: 'x' })).statusCode).toBe(400);
    expect((await inject('PATCH', `/api/conversations/${id}/pin`, bob, {})).statusCode).toBe(400);
    // Signed out: 401 before the id or the body is looked at.
    expect((await inject('PATCH', '/api/conversations/not-an-id/pin', undefined, { messageId: 'x' })).statusCode).toBe(401);
    expect((await inject('GET', '/api/conversations?limit=0')).statusCode).toBe(401);
  });
});

describe('PATCH /api/conversations/:id/pin-conversation', () => {
  it('toggles without a body, sets with one, and is refused to others', async () => {
    const id = await openConversation(ctx, ann, bob);
    const on = await ctx.app.inject({ method: 'PATCH', url: `/api/conversations/${id}/pin-conversation`, headers: ann.headers });
    expect([on.statusCode, on.json().isPinned]).toEqual([200, true]);
    const off = await ctx.app.inject({ method: 'PATCH', url: `/api/conversations/${id}/pin-conversation`, headers: ann.headers });
    expect(off.json().isPinned).toBe(false);
    expect((await inject('PATCH', `/api/conversations/${id}/pin-conversation`, ann, { isPinned: false })).json().isPinned).toBe(false);
    expect((await inject('PATCH', `/api/conversations/${id}/pin-conversation`, ann, { isPinned: 'yes' })).statusCode).toBe(400);
    expect((await inject('PATCH', `/api/conversations/${id}/pin-conversation`, cat, { isPinned: true })).statusCode).toBe(404);
  });
});

describe('DELETE /api/conversations/:id', () => {
  const listed = async (user: TestUser, id: string) =>
    (await inject('GET', '/api/conversations', user)).json().find((c: { _id: string }) => c._id === id);
  const texts = async (user: TestUser, id: string) =>
    (await inject('GET', `/api/conversations/${id}/messages`, user)).json().map((m: { text: string }) => m.text);

  it('removes the conversation for the one who deletes it only; the other keeps it whole; only a participant may', async () => {
    const [ann, cat] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const id = await openConversation(ctx, cat, ann);
    const [m] = await store(id, cat, ['to be removed', 'and this']);
    await inject('PATCH', `/api/conversations/${id}/pin`, cat, { messageId: m });
    const outsider = await inject('DELETE', `/api/conversations/${id}`, bob);
    expect([outsider.statusCode, outsider.json().msg]).toEqual([404, CHAT_ERRORS.conversationNotFound]);
    const res = await inject('DELETE', `/api/conversations/${id}`, ann);
    expect(res.statusCode).toBe(200);
    const [{ n }] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM messages WHERE conversation_id = ${id}`);
    expect(n).toBe(2);
    expect(await listed(ann, id)).toBeUndefined();
    expect(await texts(ann, id)).toEqual([]);
    // Cat was not asked: her copy is untouched, pin included.
    expect((await listed(cat, id)).pinnedMessage._id).toBe(m);
    expect(await texts(cat, id)).toHaveLength(2);
    // Deleting again is harmless; Cat may delete hers too.
    expect((await inject('DELETE', `/api/conversations/${id}`, ann)).statusCode).toBe(200);
  });

  it('shows it again, with only what came after, when a new message arrives or the deleter opens it again', async () => {
    const [ann, cat] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const id = await openConversation(ctx, cat, ann);
    await store(id, cat, ['before']);
    await inject('DELETE', `/api/conversations/${id}`, ann);
    await store(id, cat, ['after']);
    const back = await listed(ann, id);
    expect([back.lastMessage.text, back.unreadCounts[ann.id]]).toEqual(['after', 1]);
    expect(await texts(ann, id)).toEqual(['after']);

    await inject('DELETE', `/api/conversations/${id}`, ann);
    const again = await inject('POST', '/api/conversations', ann, { recipientId: cat.id });
    expect([again.statusCode, again.json()._id]).toEqual([200, id]);
    const reopened = await listed(ann, id);
    expect([reopened.lastMessage, reopened.unreadCounts[ann.id]]).toEqual([null, 0]);
    expect(await texts(ann, id)).toEqual([]);
    expect(await texts(cat, id)).toEqual(['before', 'after']);
  });
});
