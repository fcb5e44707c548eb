// Blocking and "Who can message me": the API, its permissions and privacy, and its enforcement in the chat
// over REST and over real socket.io clients (presence included).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BLOCK_TEXTS, BLOCKS_MAX } from '../../../common/blocks.ts';
import { queryRows } from '../../db/client.ts';
import { isBlockedBy } from '../../lib/blocks.ts';
import { baseUrl, createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { caller } from '../../test/http.ts';
import { call as emit, connectClient, openConversation, settle, waitFor, type ChatClient } from '../../test/sockets.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
const clients: ChatClient[] = [];
const REFUSED = { msg: BLOCK_TEXTS.notAccepting, code: 'FORBIDDEN' };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext({ listen: true });
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(() => ctx.close());

async function connect(user: TestUser) {
  const client = await connectClient(baseUrl(ctx), user.token);
  clients.push(client);
  return client;
}

const members = () => Promise.all([createUser(ctx.db), createUser(ctx.db)]);
const block = (by: TestUser, who: TestUser) => call('POST', `/api/users/${who.id}/block`, by);
// Messages are sent over the socket only (there is no REST twin): the ack is the message, or {msg, code}.
async function send(from: TestUser, conversationId: string, text = 'hello') {
  const ack = await emit(await connect(from), 'sendMessage', { conversationId, text });
  return ack._id ? 'sent' : ack;
}
const messageCount = async (conversationId: string) =>
  Number((await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*) AS n FROM messages WHERE conversation_id = ${conversationId}`))[0].n);

describe('blocking a member', () => {
  it('blocks, lists, is idempotent, and unblocks', async () => {
    const [me, other] = await members();
    expect(await block(me, other)).toEqual({ status: 200, body: { msg: BLOCK_TEXTS.blocked } });
    expect(await block(me, other)).toEqual({ status: 200, body: { msg: BLOCK_TEXTS.blocked } });
    const list = await call('GET', '/api/users/me/blocked', me);
    expect(list.status).toBe(200);
    expect(list.body.users).toEqual([{ _id: other.id, name: other.name, avatar: null, blockedAt: expect.any(String) }]);
    expect(await isBlockedBy(ctx.db, me.id, other.id)).toBe(true);
    expect(await isBlockedBy(ctx.db, other.id, me.id)).toBe(false);
    expect(await call('DELETE', `/api/users/${other.id}/block`, me)).toEqual({ status: 200, body: { msg: BLOCK_TEXTS.unblocked } });
    expect(await call('DELETE', `/api/users/${other.id}/block`, me)).toEqual({ status: 200, body: { msg: BLOCK_TEXTS.unblocked } });
    expect((await call('GET', '/api/users/me/blocked', me)).body).toEqual({ users: [] });
  });

  it('refuses yourself, unknown members and malformed ids', async () => {
    const [me] = await members();
    expect(await block(me, me)).toEqual({ status: 400, body: { msg: BLOCK_TEXTS.self, code: 'BAD_REQUEST' } });
    expect((await call('DELETE', `/api/users/${me.id}/block`, me)).status).toBe(400);
    expect(await call('POST', `/api/users/${UNKNOWN}/block`, me)).toEqual({ status: 404, body: { msg: BLOCK_TEXTS.notFound, code: 'NOT_FOUND' } });
    expect((await call('DELETE', `/api/users/${UNKNOWN}/block`, me)).status).toBe(404);
    for (const bad of ['nope', '1', "x'--"]) {
      const res = await call('POST', `/api/users/${encodeURIComponent(bad)}/block`, me);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });

  it('keeps a member\'s list bounded: at most BLOCKS_MAX members, so the web can read it whole', async () => {
    const [me, other] = await members();
    await ctx.db.execute(sql`INSERT INTO users (name, email, password_hash)
      SELECT 'Filler ' || n, 'filler-' || n || '-' || ${me.id} || '@example.test', 'x' FROM generate_series(1, ${BLOCKS_MAX}) n`);
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id)
      SELECT ${me.id}, id FROM users WHERE email LIKE ${`filler-%-${me.id}@example.test`}`);
    expect(await block(me, other)).toEqual({ status: 400, body: { msg: BLOCK_TEXTS.tooMany, code: 'BAD_REQUEST' } });
    expect((await call('GET', '/api/users/me/blocked', me)).body.users).toHaveLength(BLOCKS_MAX);
    // Blocking someone already blocked still answers as before.
    const [first] = await queryRows<{ id: string }>(ctx.db, sql`SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${me.id} LIMIT 1`);
    expect((await call('POST', `/api/users/${first.id}/block`, me)).status).toBe(200);
  });

  it('lets every signed-in role block; visitors hear 401', async () => {
    const other = await createUser(ctx.db);
    for (const who of [await createUser(ctx.db, { status: 'pending' }), await createUser(ctx.db, { status: 'rejected' }), await createAdmin(ctx.db)]) {
      expect((await block(who, other)).status).toBe(200);
      expect((await call('GET', '/api/users/me/blocked', who)).body.users.map((u: { _id: string }) => u._id)).toEqual([other.id]);
    }
    for (const [method, url] of [['POST', `/api/users/${other.id}/block`], ['DELETE', `/api/users/${other.id}/block`],
      ['GET', '/api/users/me/blocked'], ['GET', '/api/users/me/privacy'], ['PUT', '/api/users/me/privacy']] as const) {
      expect((await call(method, url, undefined, method === 'PUT' ? { whoCanMessage: 'bogus' } : undefined)).status).toBe(401);
    }
  });

  it('is private: neither the blocked member nor anyone else can see it', async () => {
    const [me, other] = await members();
    const third = await createUser(ctx.db);
    const admin = await createAdmin(ctx.db);
    await block(me, other);
    for (const viewer of [other, third, admin]) {
      expect((await call('GET', '/api/users/me/blocked', viewer)).body).toEqual({ users: [] });
      const profile = await call('GET', `/api/users/${me.id}`, viewer);
      expect(JSON.stringify(profile.body)).not.toMatch(/block/i);
    }
    // The refusal reads exactly as the "network only" setting's does.
    const conversation = await call('POST', '/api/conversations', other, { recipientId: me.id });
    expect(conversation).toEqual({ status: 403, body: REFUSED });
  });
});

describe('who can message me', () => {
  it('defaults to everyone, accepts network, refuses anything else', async () => {
    const [me] = await members();
    expect(await call('GET', '/api/users/me/privacy', me)).toEqual({ status: 200, body: { whoCanMessage: 'everyone', listedInDirectory: true } });
    expect(await call('PUT', '/api/users/me/privacy', me, { whoCanMessage: 'network' }))
      .toEqual({ status: 200, body: { whoCanMessage: 'network', listedInDirectory: true } });
    expect((await call('GET', '/api/users/me/privacy', me)).body).toEqual({ whoCanMessage: 'network', listedInDirectory: true });
    // One setting changes without the other.
    expect((await call('PUT', '/api/users/me/privacy', me, { listedInDirectory: false })).body).toEqual({ whoCanMessage: 'network', listedInDirectory: false });
    for (const body of [{ whoCanMessage: 'nobody' }, {}, { whoCanMessage: 'everyone\u0000' }, { listedInDirectory: 'no' }]) {
      const res = await call('PUT', '/api/users/me/privacy', me, body);
      expect(res.status).toBe(400);
    }
  });

  it('"network" admits only the members in my favourites, for new conversations and messages', async () => {
    const [me, friend] = await members();
    const stranger = await createUser(ctx.db);
    const withStranger = await openConversation(ctx, stranger, me);
    await call('PATCH', `/api/users/favorites/${friend.id}`, me);
    await call('PUT', '/api/users/me/privacy', me, { whoCanMessage: 'network' });
    expect(await send(stranger, withStranger)).toEqual(REFUSED);
    expect(await call('POST', '/api/conversations', stranger, { recipientId: me.id })).toEqual({ status: 403, body: REFUSED });
    const withFriend = await openConversation(ctx, friend, me);
    expect(await send(friend, withFriend)).toBe('sent');
    // I can still write to the stranger: the setting is about who reaches me.
    expect(await send(me, withStranger)).toBe('sent');
    expect(await messageCount(withStranger)).toBe(1);
  });
});

describe('a blocked member cannot reach the blocker', () => {
  it('no new conversation (REST), no message (socket); the blocker still writes; unblocking restores it', async () => {
    const [me, other] = await members();
    const conversationId = await openConversation(ctx, other, me);
    await block(me, other);
    expect(await call('POST', '/api/conversations', other, { recipientId: me.id })).toEqual({ status: 403, body: REFUSED });
    expect(await send(other, conversationId)).toEqual(REFUSED);
    expect(await messageCount(conversationId)).toBe(0);
    expect(await send(me, conversationId)).toBe('sent');
    await call('DELETE', `/api/users/${other.id}/block`, me);
    expect(await send(other, conversationId)).toBe('sent');
  });

  it('over sockets: sendMessage is refused and nothing is delivered', async () => {
    const [me, other] = await members();
    const conversationId = await openConversation(ctx, other, me);
    await block(me, other);
    const [mine, theirs] = await Promise.all([connect(me), connect(other)]);
    expect(await emit(theirs, 'sendMessage', { conversationId, text: 'are you there?' })).toEqual(REFUSED);
    await settle();
    expect(mine.received.newMessage ?? []).toEqual([]);
    expect(await messageCount(conversationId)).toBe(0);
  });

  it('stops seeing the blocker\'s presence', async () => {
    const [me, other] = await members();
    await openConversation(ctx, other, me);
    const theirs = await connect(other);
    expect(await waitFor(theirs, 'getOnlineUsers')).toEqual([]);
    const mine = await connect(me);
    expect(await waitFor(theirs, 'presenceChanged')).toEqual({ userId: me.id, online: true });
    await waitFor(mine, 'getOnlineUsers');

    await block(me, other);
    expect(await waitFor(theirs, 'presenceChanged', (p) => !p.online)).toEqual({ userId: me.id, online: false });
    expect(await emit(theirs, 'getOnlineUsers')).toEqual([]);
    // The blocker still sees the blocked member.
    expect(await emit(mine, 'getOnlineUsers')).toEqual([other.id]);

    // A new device of the blocker coming online, and its going offline, are not announced to the blocked member.
    mine.disconnect();
    await settle(300);
    const before = theirs.received.presenceChanged?.length ?? 0;
    const again = await connect(me);
    await waitFor(again, 'getOnlineUsers');
    await settle(300);
    expect(theirs.received.presenceChanged?.length ?? 0).toBe(before);
    const late = await connect(other);
    expect(await waitFor(late, 'getOnlineUsers')).toEqual([]);
  });
});
