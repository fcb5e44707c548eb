// Group conversations over sockets: who receives what as membership changes, typing with names, receipts
// as counts, and blocks inside a group. Real socket.io clients against a listening app with the Redis adapter.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BLOCKED_MEMBER_MESSAGE, type Message } from '../../../common/chat.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { call, settle, socketApp, waitFor } from '../../test/sockets.ts';

const ctx = socketApp({ redis: true });

/** Amara's group with Ben and Cleo, each connected. */
async function trio() {
  const [a, b, c] = await Promise.all(['Amara Osei', 'Ben Lund', 'Cleo Park'].map((name) => createUser(ctx.db, { name })));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/conversations', headers: a.headers, payload: { participantIds: [b.id, c.id], title: 'Consult' } });
  const id = res.json()._id as string;
  const [ca, cb, cc] = await Promise.all([ctx.connect(a), ctx.connect(b), ctx.connect(c)]);
  return { a, b, c, ca, cb, cc, id };
}

describe('group conversations over sockets', () => {
  it('a message reaches every member once; typing names the typist; receipts count up per member', async () => {
    const { a, b, c, ca, cb, cc, id } = await trio();
    await Promise.all([ca, cb, cc].map((s) => call(s, 'joinConversation', id)));
    await call(cb, 'typing', { conversationId: id });
    expect(await waitFor(ca, 'typing')).toMatchObject({ conversationId: id, userId: b.id, userName: 'Ben Lund' });
    expect(await waitFor(cc, 'typing')).toMatchObject({ userName: 'Ben Lund' });
    const sent: Message = await call(ca, 'sendMessage', { conversationId: id, text: 'hello all' });
    expect(sent.receipts).toEqual({ of: 2, deliveredTo: [], readBy: [] });
    for (const s of [cb, cc]) await waitFor(s, 'newMessage', (m) => m._id === sent._id);
    await settle();
    expect(cb.received.newMessage!.filter((m) => m._id === sent._id)).toHaveLength(1);
    await call(cb, 'messagesDelivered', { conversationId: id });
    const delivered = await waitFor(ca, 'messageStatus', (u) => u.userId === b.id && u.status === 'delivered');
    expect(delivered.messageIds).toEqual([sent._id]);
    await call(cc, 'messagesRead', { conversationId: id });
    await waitFor(ca, 'messageStatus', (u) => u.userId === c.id && u.status === 'read');
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, headers: a.headers })).json() as Message[];
    const receipts = page.find((m) => m._id === sent._id)!.receipts!;
    expect({ ...receipts, deliveredTo: [...receipts.deliveredTo].sort() }).toEqual({ of: 2, deliveredTo: [b.id, c.id].sort(), readBy: [c.id] });
    // A member reading again tells nobody anything new.
    expect(await call(cc, 'messagesRead', { conversationId: id })).toEqual({ updated: 0 });
  });

  it('a removed member stops receiving at once and their events are refused; a new member hears from then on', async () => {
    const { a, b, c, ca, cb, cc, id } = await trio();
    await Promise.all([ca, cb, cc].map((s) => call(s, 'joinConversation', id)));
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/conversations/${id}/members/${c.id}`, headers: a.headers });
    expect(removed.statusCode).toBe(200);
    await waitFor(cc, 'conversationDeleted', (e) => e.conversationId === id);
    await waitFor(cb, 'newMessage', (m) => m.text === 'Amara Osei removed Cleo Park');
    await call(cb, 'typing', { conversationId: id });
    const after: Message = await call(ca, 'sendMessage', { conversationId: id, text: 'not for Cleo' });
    await waitFor(cb, 'newMessage', (m) => m._id === after._id);
    await settle(300);
    expect(cc.received.newMessage?.some((m) => m._id === after._id)).toBeFalsy();
    expect(cc.received.typing?.some((t) => t.conversationId === id && t.userId === b.id)).toBeFalsy();
    expect(await call(cc, 'sendMessage', { conversationId: id, text: 'still here?' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await call(cc, 'typing', { conversationId: id })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await call(cc, 'joinConversation', id)).toMatchObject({ code: 'NOT_FOUND' });
    const dev = await createUser(ctx.db, { name: 'Dev Rao' });
    const cd = await ctx.connect(dev);
    await ctx.app.inject({ method: 'POST', url: `/api/conversations/${id}/members`, headers: a.headers, payload: { userId: dev.id } });
    expect((await waitFor(cd, 'newConversation', (v) => v._id === id)).isGroup).toBe(true);
    await waitFor(cd, 'newMessage', (m) => m.text === 'Amara Osei added Dev Rao');
    const later: Message = await call(cb, 'sendMessage', { conversationId: id, text: 'welcome' });
    await waitFor(cd, 'newMessage', (m) => m._id === later._id);
  });

  it('a group holding a block keeps working; each of the two sees the placeholder for the other, the third sees both', async () => {
    const { a, b, ca, cb, cc, id } = await trio();
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${a.id}, ${b.id})`);
    const fromBen: Message = await call(cb, 'sendMessage', { conversationId: id, text: 'from ben' });
    expect(fromBen.text).toBe('from ben');
    expect((await waitFor(ca, 'newMessage', (m) => m._id === fromBen._id)).text).toBe(BLOCKED_MEMBER_MESSAGE);
    expect((await waitFor(cc, 'newMessage', (m) => m._id === fromBen._id)).text).toBe('from ben');
    const fromAmara: Message = await call(ca, 'sendMessage', { conversationId: id, text: 'from amara' });
    expect((await waitFor(cb, 'newMessage', (m) => m._id === fromAmara._id)).text).toBe(BLOCKED_MEMBER_MESSAGE);
    const pageOf = async (user: TestUser) =>
      ((await ctx.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, headers: user.headers })).json() as Message[])
        .find((m) => m._id === fromBen._id)!.text;
    expect(await pageOf(a)).toBe(BLOCKED_MEMBER_MESSAGE);
    const search = await ctx.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages/search?q=ben`, headers: a.headers });
    expect(search.json()).toEqual([]);
  });
});
