// Chat over a socket follows the licence as it stands now, like REST. A decline or a return to
// pending ends the member's sockets; a socket opened afterwards, or one that somehow outlived the change, stores and
// delivers nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Message } from '../../../common/chat.ts';
import { queryRows } from '../../db/client.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { call, nextDisconnect, openConversation, settle, socketApp, waitFor } from '../../test/sockets.ts';

const ctx = socketApp({ redis: true });
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin(ctx.db);
});

/** Two verified members with a conversation; the other side listens with the conversation open. */
async function pair() {
  const [member, partner] = await Promise.all([createUser(ctx.db, { name: 'Mira Member' }), createUser(ctx.db, { name: 'Paul Partner' })]);
  const conversationId = await openConversation(ctx, member, partner);
  const listener = await ctx.connect(partner);
  expect(await call(listener, 'joinConversation', conversationId)).toEqual({ ok: true });
  return { member, partner, conversationId, listener };
}

const messageCount = async (conversationId: string) =>
  (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM messages WHERE conversation_id = ${conversationId}`))[0].n;
const refused = { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' };

const decline = (user: TestUser) => ctx.app.inject({
  method: 'PATCH', url: `/api/admin/verifications/${user.id}`, headers: admin.headers,
  payload: { approved: false, reason: 'Licence number not found' },
});
const backToPending = (user: TestUser) => ctx.app.inject({
  method: 'PUT', url: '/api/users/me/licence', headers: user.headers,
  payload: { profession: 'Registered Psychotherapist', licenceNumber: 'CRPO-NEW', licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31' },
});

/** What REST says to the member now: the socket must say the same. */
const restStatus = async (user: TestUser, recipient: TestUser) => (await ctx.app.inject({
  method: 'POST', url: '/api/conversations', headers: user.headers, payload: { recipientId: recipient.id },
})).statusCode;

describe.each([
  ['declined by an administrator', decline],
  ['set back to pending by a licence change', backToPending],
])('a member %s', (_name, change) => {
  it('loses the sockets opened before: they end, and a message attempted over one is not stored', async () => {
    const { member, conversationId, listener } = await pair();
    const before = await ctx.connect(member);
    const sent: Message = await call(before, 'sendMessage', { conversationId, text: 'still verified' });
    expect(sent.text).toBe('still verified');
    const ended = nextDisconnect(before);
    expect((await change(member)).statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
    before.emit('sendMessage', { conversationId, text: 'after the change' });
    await settle();
    expect(await messageCount(conversationId)).toBe(1);
    expect(listener.received.newMessage?.map((m) => m.text)).toEqual(['still verified']);
  });

  it('sends and types nothing that is stored or delivered over a socket opened after the change', async () => {
    const { member, partner, conversationId, listener } = await pair();
    expect((await change(member)).statusCode).toBe(200);
    expect(await restStatus(member, partner)).toBe(403);
    const after = await ctx.connect(member);
    expect(await call(after, 'sendMessage', { conversationId, text: 'sent while unverified' })).toEqual(refused);
    expect(await call(after, 'typing', { conversationId })).toEqual(refused);
    await settle();
    expect(await messageCount(conversationId)).toBe(0);
    expect(listener.received.newMessage).toBeUndefined();
    expect(listener.received.typing).toBeUndefined();
  });
});

describe('the licence read fresh on each event', () => {
  it('refuses a socket that outlived a change it was not told of, and admits it again once verified', async () => {
    const { member, conversationId, listener } = await pair();
    const socket = await ctx.connect(member);
    // Changed behind the app's back: no service ran, so nothing ended the socket. Only the event's own read can tell.
    await ctx.db.execute(sql`UPDATE users SET verification_status = 'pending' WHERE id = ${member.id}`);
    expect(await call(socket, 'sendMessage', { conversationId, text: 'stale snapshot' })).toEqual(refused);
    expect(await call(socket, 'typing', { conversationId })).toEqual(refused);
    expect(await messageCount(conversationId)).toBe(0);
    await ctx.db.execute(sql`UPDATE users SET verification_status = 'verified' WHERE id = ${member.id}`);
    const sent: Message = await call(socket, 'sendMessage', { conversationId, text: 'verified again' });
    expect((await waitFor(listener, 'newMessage', (m) => m._id === sent._id)).text).toBe('verified again');
    expect(await messageCount(conversationId)).toBe(1);
  });

  it('a pending member is refused before anything else, even in a conversation they are not part of', async () => {
    const { conversationId } = await pair();
    const pending = await createUser(ctx.db, { status: 'pending' });
    const socket = await ctx.connect(pending);
    expect(await call(socket, 'sendMessage', { conversationId, text: 'hello' })).toEqual(refused);
    expect(await messageCount(conversationId)).toBe(0);
  });

  it('an administrator chats whatever their licence field says', async () => {
    const other = await createUser(ctx.db);
    const boss = await createAdmin(ctx.db, { status: 'pending' });
    const conversationId = await openConversation(ctx, boss, other);
    const socket = await ctx.connect(boss);
    const sent: Message = await call(socket, 'sendMessage', { conversationId, text: 'from the administrator' });
    expect(sent.text).toBe('from the administrator');
  });
});
