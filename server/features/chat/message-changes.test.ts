// Editing and unsending one's own message within 15 minutes, over REST and the socket twins, and search in a
// conversation's history, against a real database with real socket.io clients.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BLOCK_TEXTS } from '../../../common/blocks.ts';
import { CHAT_ERRORS, MESSAGE_MAX_LENGTH, type Message } from '../../../common/chat.ts';
import { MESSAGE_REMOVED } from '../../../common/moderation.ts';
import { queryRows } from '../../db/client.ts';
import { insertSystemLine } from '../../lib/conversations.ts';
import { isEncrypted } from '../../lib/crypto/cipher.ts';
import { openMessage } from '../../lib/crypto/fields.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { call, openConversation, settle, socketApp, waitFor } from '../../test/sockets.ts';

const ctx = socketApp({ redis: true });

const inject = (method: 'GET' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers, payload: payload as object });

/** Ann and Ben in a conversation, both connected; Ann has sent `text`. */
async function sentByAnn(text = 'First draft') {
  const [ann, ben] = await Promise.all([createUser(ctx.db, { name: 'Ann Adler' }), createUser(ctx.db, { name: 'Ben Brown' })]);
  const conversationId = await openConversation(ctx, ann, ben);
  const [ca, cb] = await Promise.all([ctx.connect(ann), ctx.connect(ben)]);
  const sent: Message = await call(ca, 'sendMessage', { conversationId, text });
  await waitFor(cb, 'newMessage', (m) => m._id === sent._id);
  return { ann, ben, ca, cb, conversationId, sent, url: `/api/conversations/${conversationId}/messages/${sent._id}` };
}

/** The stored row, its text decrypted (encrypted at rest: server/lib/crypto). */
const stored = async (id: string) => {
  const [row] = await queryRows<{ text: string; edited_at: Date | null; unsent_at: Date | null }>(ctx.db,
    sql`SELECT text, edited_at, unsent_at FROM messages WHERE id = ${id}`);
  return { ...row, text: openMessage(id, row.text) };
};
const unreadOf = async (conversationId: string, userId: string) => (await queryRows<{ n: number }>(ctx.db, sql`
  SELECT unread_count AS n FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${userId}`))[0].n;
const age = (id: string, minutes: number) =>
  ctx.db.execute(sql`UPDATE messages SET created_at = now() - ${minutes} * interval '1 minute' WHERE id = ${id}`);

describe('PATCH /api/conversations/{id}/messages/{messageId}', () => {
  it('edits the sender\'s message; both sides and the list preview update live', async () => {
    const { ann, ben, cb, ca, conversationId, sent, url } = await sentByAnn();
    const res = await inject('PATCH', url, ann, { text: '  Second draft  ' });
    expect(res.statusCode).toBe(200);
    const edited: Message = res.json();
    expect(edited).toMatchObject({ _id: sent._id, text: 'Second draft', unsentAt: null, createdAt: sent.createdAt });
    expect(edited.editedAt).toEqual(expect.any(String));
    expect((await stored(sent._id)).text).toBe('Second draft');
    expect(await waitFor(cb, 'messageEdited', (m) => m._id === sent._id)).toEqual(edited);
    expect(await waitFor(ca, 'messageEdited', (m) => m._id === sent._id)).toEqual(edited);
    const preview = await waitFor(cb, 'conversationUpdated', (c) => c.lastMessage?.text === 'Second draft');
    expect(preview.lastMessage?.editedAt).toBe(edited.editedAt);
    const listed = await inject('GET', '/api/conversations', ben);
    expect(listed.json().find((c: { _id: string }) => c._id === conversationId).lastMessage.text).toBe('Second draft');
    const page = await inject('GET', `/api/conversations/${conversationId}/messages`, ben);
    expect(page.json().at(-1)).toEqual(edited);
  });

  it('refuses after 15 minutes, with a clear message, and changes nothing', async () => {
    const { ann, sent, url } = await sentByAnn('Too late to change');
    await age(sent._id, 16);
    const edit = await inject('PATCH', url, ann, { text: 'changed' });
    expect([edit.statusCode, edit.json().msg]).toEqual([409, CHAT_ERRORS.editWindowOver]);
    const unsend = await inject('DELETE', url, ann);
    expect([unsend.statusCode, unsend.json().msg]).toEqual([409, CHAT_ERRORS.editWindowOver]);
    expect(await stored(sent._id)).toMatchObject({ text: 'Too late to change', edited_at: null, unsent_at: null });
  });

  it('allows only the sender: the other participant 403, others 404, a visitor 401, a pending member 403', async () => {
    const { ben, sent, url } = await sentByAnn('Mine alone');
    const [other, admin, pending] = [await createUser(ctx.db), await createAdmin(ctx.db), await createUser(ctx.db, { status: 'pending' })];
    const byBen = await inject('PATCH', url, ben, { text: 'not yours' });
    expect([byBen.statusCode, byBen.json().msg]).toEqual([403, CHAT_ERRORS.notYourMessage]);
    const benUnsend = await inject('DELETE', url, ben);
    expect([benUnsend.statusCode, benUnsend.json().msg]).toEqual([403, CHAT_ERRORS.notYourMessage]);
    for (const outsider of [other, admin]) {
      for (const res of [await inject('PATCH', url, outsider, { text: 'x' }), await inject('DELETE', url, outsider)]) {
        expect([res.statusCode, res.json().msg]).toEqual([404, CHAT_ERRORS.conversationNotFound]);
      }
    }
    expect((await inject('PATCH', url, pending, { text: 'x' })).statusCode).toBe(403);
    expect((await inject('PATCH', url, undefined, { text: 'x' })).statusCode).toBe(401);
    expect((await inject('DELETE', url)).statusCode).toBe(401);
    expect((await stored(sent._id)).text).toBe('Mine alone');
  });

  it('validates the body and the ids', async () => {
    const { ann, conversationId, sent, url } = await sentByAnn();
    for (const body of [{ text: '   ' }, {}, { text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, { text: 5 }]) {
      const res = await inject('PATCH', url, ann, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    expect((await inject('PATCH', `/api/conversations/${conversationId}/messages/nope`, ann, { text: 'x' })).statusCode).toBe(400);
    expect((await inject('DELETE', `/api/conversations/nope/messages/${sent._id}`, ann)).statusCode).toBe(400);
    const unknown = await inject('PATCH', `/api/conversations/${conversationId}/messages/00000000-0000-4000-8000-000000000000`, ann, { text: 'x' });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([404, CHAT_ERRORS.messageNotFound]);
    expect((await stored(sent._id)).text).toBe('First draft');
  });

  it('refuses a line the app wrote', async () => {
    const { ann, conversationId } = await sentByAnn();
    const lineId = await insertSystemLine(ctx.db, conversationId, ann.id, { code: 'started', values: { actor: 'Ann' } });
    const res = await inject('PATCH', `/api/conversations/${conversationId}/messages/${lineId}`, ann, { text: 'x' });
    expect([res.statusCode, res.json().msg]).toEqual([403, CHAT_ERRORS.systemLine]);
  });

  it('follows the send rules: no edit to a member who blocked the sender, or with a licence no longer verified; unsend still works', async () => {
    const { ann, ben, sent, url } = await sentByAnn('Before the block');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/users/${ann.id}/block`, headers: ben.headers })).statusCode).toBe(200);
    const edit = await inject('PATCH', url, ann, { text: 'sneaky' });
    expect([edit.statusCode, edit.json().msg]).toEqual([403, BLOCK_TEXTS.notAccepting]);
    expect((await inject('DELETE', url, ann)).statusCode).toBe(200);
    expect((await stored(sent._id)).text).toBe(MESSAGE_REMOVED);

    const second = await sentByAnn('Licence lapses');
    await ctx.db.execute(sql`UPDATE users SET verification_status = 'pending' WHERE id = ${second.ann.id}`);
    expect((await call(second.ca, 'editMessage', { conversationId: second.conversationId, messageId: second.sent._id, text: 'x' })).code)
      .toBe('NOT_VERIFIED');
    expect((await inject('DELETE', second.url, second.ann)).statusCode).toBe(200);
  });
});

describe('DELETE /api/conversations/{id}/messages/{messageId} (unsend)', () => {
  it('erases the text in the database, shows "Message removed" to both, and follows in the list preview', async () => {
    const { ann, ben, ca, cb, conversationId, sent, url } = await sentByAnn('Private detail');
    expect(await unreadOf(conversationId, ben.id)).toBe(1);
    const res = await inject('DELETE', url, ann);
    expect(res.statusCode).toBe(200);
    const unsent: Message = res.json();
    expect(unsent).toMatchObject({ _id: sent._id, text: MESSAGE_REMOVED });
    expect(unsent.unsentAt).toEqual(expect.any(String));
    const row = await stored(sent._id);
    expect(row.text).toBe(MESSAGE_REMOVED);
    const [{ found }] = await queryRows<{ found: number }>(ctx.db, sql`SELECT count(*)::int AS found FROM messages WHERE text LIKE '%Private detail%'`);
    expect(found).toBe(0);
    expect(await waitFor(cb, 'messageUnsent', (m) => m._id === sent._id)).toEqual(unsent);
    expect(await waitFor(ca, 'messageUnsent', (m) => m._id === sent._id)).toEqual(unsent);
    expect((await waitFor(cb, 'conversationUpdated', (c) => c.lastMessage?.unsentAt !== null)).lastMessage?.text).toBe(MESSAGE_REMOVED);
    // No longer unread for Ben, and his badge hears it.
    expect(await unreadOf(conversationId, ben.id)).toBe(0);
    expect(await waitFor(cb, 'chatUnreadCount', (c) => c.count === 0)).toEqual({ count: 0 });
    const again = await inject('DELETE', url, ann);
    expect([again.statusCode, again.json().msg]).toEqual([409, CHAT_ERRORS.messageGone]);
    const edit = await inject('PATCH', url, ann, { text: 'back' });
    expect([edit.statusCode, edit.json().msg]).toEqual([409, CHAT_ERRORS.messageGone]);
  });

  it('does not touch the unread count of a message already read, and unpins an unsent pinned message', async () => {
    const { ann, ben, cb, conversationId, sent, url } = await sentByAnn('Pinned one');
    await call(cb, 'messagesRead', { conversationId });
    const second: Message = await call(cb, 'sendMessage', { conversationId, text: 'reply' });
    await ctx.app.inject({ method: 'PATCH', url: `/api/conversations/${conversationId}/pin`, headers: ann.headers, payload: { messageId: sent._id } });
    expect(await unreadOf(conversationId, ann.id)).toBe(1);
    expect((await inject('DELETE', url, ann)).statusCode).toBe(200);
    expect(await unreadOf(conversationId, ben.id)).toBe(0);
    expect(await unreadOf(conversationId, ann.id)).toBe(1);
    expect(await waitFor(cb, 'pinUpdated', (u) => u.pinnedMessage === null)).toEqual({ conversationId, pinnedMessage: null });
    // Not the last message: the preview keeps Ben's reply.
    const listed = await inject('GET', '/api/conversations', ben);
    expect(listed.json().find((c: { _id: string }) => c._id === conversationId).lastMessage._id).toBe(second._id);
  });
});

describe('the socket twins editMessage and unsendMessage', () => {
  it('apply the same rules and answer in the ack', async () => {
    const { ca, cb, conversationId, sent } = await sentByAnn('Over the socket');
    const edited: Message = await call(ca, 'editMessage', { conversationId, messageId: sent._id, text: 'Edited over the socket' });
    expect(edited.text).toBe('Edited over the socket');
    expect((await waitFor(cb, 'messageEdited', (m) => m._id === sent._id)).text).toBe('Edited over the socket');
    expect(await call(cb, 'editMessage', { conversationId, messageId: sent._id, text: 'x' }))
      .toEqual({ msg: CHAT_ERRORS.notYourMessage, code: 'FORBIDDEN' });
    expect((await call(ca, 'editMessage', { conversationId, messageId: 'bad', text: 'x' })).msg).toEqual(expect.any(String));
    expect((await call(ca, 'editMessage', { conversationId, messageId: sent._id, text: '' })).msg).toBe(CHAT_ERRORS.emptyMessage);
    expect((await call(cb, 'unsendMessage', { conversationId, messageId: sent._id })).msg).toBe(CHAT_ERRORS.notYourMessage);
    const unsent: Message = await call(ca, 'unsendMessage', { conversationId, messageId: sent._id });
    expect(unsent.text).toBe(MESSAGE_REMOVED);
    expect((await waitFor(cb, 'messageUnsent', (m) => m._id === sent._id)).unsentAt).toBe(unsent.unsentAt);
    expect((await call(ca, 'unsendMessage', { conversationId, messageId: sent._id })).msg).toBe(CHAT_ERRORS.messageGone);
  });

  it('reach no one outside the conversation', async () => {
    const { ca, conversationId, sent } = await sentByAnn('Between us');
    const outsider = await ctx.connect(await createUser(ctx.db));
    expect((await call(outsider, 'unsendMessage', { conversationId, messageId: sent._id })).msg).toBe(CHAT_ERRORS.conversationNotFound);
    await call(ca, 'editMessage', { conversationId, messageId: sent._id, text: 'Still between us' });
    await settle();
    expect(outsider.received.messageEdited ?? []).toEqual([]);
  });
});

describe('GET /api/conversations/{id}/messages/search', () => {
  it('finds parts of words in any case, newest first, page by page; unsent messages never match', async () => {
    const { ann, ben, ca, conversationId, sent } = await sentByAnn('Supervision on Monday');
    const texts = ['supervision notes', 'Nothing here', 'Peer SUPERVISION group', '100% sure', 'under_score'];
    const ids: string[] = [];
    for (const text of texts) ids.push((await call(ca, 'sendMessage', { conversationId, text }) as Message)._id);
    await inject('DELETE', `/api/conversations/${conversationId}/messages/${ids[0]}`, ann);
    const search = (q: string, query = '') => inject('GET', `/api/conversations/${conversationId}/messages/search?q=${encodeURIComponent(q)}${query}`, ben);
    const first = await search('pervis', '&limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json().map((m: Message) => m._id)).toEqual([ids[2]]);
    const next = await search('pervis', `&limit=5&before=${ids[2]}`);
    expect(next.json().map((m: Message) => m._id)).toEqual([sent._id]);
    // LIKE's own characters match only themselves.
    expect((await search('%')).json().map((m: Message) => m._id)).toEqual([ids[3]]);
    expect((await search('r_s')).json().map((m: Message) => m._id)).toEqual([ids[4]]);
    expect((await search('nde_')).json()).toEqual([]);
    expect((await search('removed')).json()).toEqual([]);
  });

  it('is for participants only and validates its query', async () => {
    const { ann, conversationId } = await sentByAnn();
    const url = `/api/conversations/${conversationId}/messages/search`;
    const outsider = await createUser(ctx.db);
    const res = await inject('GET', `${url}?q=draft`, outsider);
    expect([res.statusCode, res.json().msg]).toEqual([404, CHAT_ERRORS.conversationNotFound]);
    expect((await inject('GET', `${url}?q=draft`)).statusCode).toBe(401);
    expect((await inject('GET', `${url}?q=draft`, await createUser(ctx.db, { status: 'pending' }))).statusCode).toBe(403);
    for (const query of ['', '?q=', '?q=%20%20', `?q=${'x'.repeat(101)}`, '?q=a&limit=0', '?q=a&before=nope']) {
      const bad = await inject('GET', `${url}${query}`, ann);
      expect(bad.statusCode).toBe(400);
    }
    expect((await inject('GET', `${url}?q=DRAFT`, ann)).json()).toHaveLength(1);
  });

  it('does not find what the reader cleared by deleting the conversation for themselves', async () => {
    const { ann, ben, conversationId } = await sentByAnn('Old words');
    await ctx.app.inject({ method: 'DELETE', url: `/api/conversations/${conversationId}`, headers: ben.headers });
    const url = `/api/conversations/${conversationId}/messages/search?q=old`;
    expect((await inject('GET', url, ben)).json()).toEqual([]);
    expect((await inject('GET', url, ann)).json()).toHaveLength(1);
  });

  it('finds words in encrypted text, and an edit\'s new words rather than the old ones', async () => {
    const { ann, ben, conversationId, sent, url } = await sentByAnn('Caseload review at noon');
    const [{ text }] = await queryRows<{ text: string }>(ctx.db, sql`SELECT text FROM messages WHERE id = ${sent._id}`);
    expect(isEncrypted(text) && !text.includes('Caseload')).toBe(true);
    await inject('PATCH', url, ann, { text: 'Supervision moved to three' });
    const search = (q: string) => inject('GET', `/api/conversations/${conversationId}/messages/search?q=${q}`, ben);
    expect((await search('caseload')).json()).toEqual([]);
    expect((await search('MOVED')).json().map((m: Message) => m._id)).toEqual([sent._id]);
  });
});

describe('GET /api/conversations/recipients (the "New message" picker)', () => {
  it('finds verified members by the start of a name or a word of it; says who does not accept one\'s messages', async () => {
    const me = await createUser(ctx.db, { name: 'Quill Searcher' });
    const tag = `Zq${Date.now().toString(36)}`;
    const [open, networkOnly, blocker, blocked, pending, hidden, hiddenPartner] = await Promise.all([
      createUser(ctx.db, { name: `${tag} Open` }), createUser(ctx.db, { name: `${tag} Network` }),
      createUser(ctx.db, { name: `${tag} Blocker` }), createUser(ctx.db, { name: `${tag} Blocked` }),
      createUser(ctx.db, { name: `${tag} Pending`, status: 'pending' }), createUser(ctx.db, { name: `${tag} Hidden` }),
      createUser(ctx.db, { name: `${tag} Partner` }),
    ]);
    await ctx.db.execute(sql`UPDATE users SET message_policy = 'network' WHERE id = ${networkOnly.id}`);
    await ctx.db.execute(sql`UPDATE users SET listed_in_directory = false WHERE id IN (${hidden.id}, ${hiddenPartner.id})`);
    await openConversation(ctx, hiddenPartner, me);
    await ctx.app.inject({ method: 'POST', url: `/api/users/${me.id}/block`, headers: blocker.headers });
    await ctx.app.inject({ method: 'POST', url: `/api/users/${blocked.id}/block`, headers: me.headers });
    const res = await inject('GET', `/api/conversations/recipients?q=${tag.toLowerCase()}&limit=20`, me);
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().users.map((u: { name: string; canMessage: boolean }) => [u.name, u.canMessage]));
    expect(byName).toEqual({ [`${tag} Blocker`]: false, [`${tag} Network`]: false, [`${tag} Open`]: true, [`${tag} Partner`]: true });
    expect(Object.keys(byName)).toEqual([`${tag} Blocker`, `${tag} Network`, `${tag} Open`, `${tag} Partner`]);
    // A word of the name; nothing for an empty text; LIKE's characters are plain.
    expect((await inject('GET', '/api/conversations/recipients?q=open', me)).json().users.map((u: { _id: string }) => u._id)).toContain(open.id);
    expect((await inject('GET', '/api/conversations/recipients?q=', me)).json()).toEqual({ users: [] });
    expect((await inject('GET', '/api/conversations/recipients?q=%25', me)).json()).toEqual({ users: [] });
    void pending;
  });

  it('needs a verified member and validates its query', async () => {
    const me = await createUser(ctx.db);
    expect((await inject('GET', '/api/conversations/recipients?q=a')).statusCode).toBe(401);
    expect((await inject('GET', '/api/conversations/recipients?q=a', await createUser(ctx.db, { status: 'pending' }))).statusCode).toBe(403);
    for (const query of ['limit=0', 'limit=21', 'limit=x', `q=${'x'.repeat(101)}`]) {
      expect((await inject('GET', `/api/conversations/recipients?${query}`, me)).statusCode).toBe(400);
    }
  });
});
