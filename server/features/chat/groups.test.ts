// Group conversations over REST: making one, renaming, adding and removing members, and who may do each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_ERRORS, type Conversation, type Message } from '../../../common/chat.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';

let ctx: TestContext;
let amara: TestUser;
let ben: TestUser;
let cleo: TestUser;
let dev: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [amara, ben, cleo, dev] = await Promise.all(['Amara Osei', 'Ben Lund', 'Cleo Park', 'Dev Rao'].map((name) => createUser(ctx.db, { name })));
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...user?.headers, ...headers }, payload: payload as object });

async function group(creator: TestUser, members: TestUser[], title: string | null = 'Tuesday consult', extra: object = {}) {
  const res = await inject('POST', '/api/conversations', creator, { participantIds: members.map((m) => m.id), title, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

const lines = async (id: string, user: TestUser) => {
  const res = await inject('GET', `/api/conversations/${id}/messages`, user);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Message[]).filter((m) => m.kind === 'system').map((m) => m.text);
};

describe('POST /api/conversations with participantIds', () => {
  it('makes a group of 2 to 11 others, in every member\'s list at once, with its first line', async () => {
    const id = await group(amara, [ben, cleo]);
    for (const user of [amara, ben, cleo]) {
      const list = (await inject('GET', '/api/conversations', user)).json() as Conversation[];
      const found = list.find((c) => c._id === id)!;
      expect(found).toMatchObject({ isGroup: true, title: 'Tuesday consult', creatorId: amara.id, membersCanAdd: false });
      expect(found.participants.map((p) => p._id).sort()).toEqual([amara.id, ben.id, cleo.id].sort());
    }
    expect(await lines(id, ben)).toEqual(['Amara Osei started the conversation']);
  });

  it('refuses fewer than 2 or more than 11 others, and both forms at once', async () => {
    const one = await inject('POST', '/api/conversations', amara, { participantIds: [ben.id] });
    expect(one.statusCode).toBe(400);
    expect(one.json().msg).toContain(CHAT_ERRORS.groupSize);
    const self = await inject('POST', '/api/conversations', amara, { participantIds: [ben.id, amara.id] });
    expect(self.json().msg).toBe(CHAT_ERRORS.groupSize);
    const many = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx.db)));
    const twelve = await inject('POST', '/api/conversations', amara, { participantIds: many.map((m) => m.id) });
    expect(twelve.statusCode).toBe(400);
    const both = await inject('POST', '/api/conversations', amara, { recipientId: ben.id, participantIds: [ben.id, cleo.id] });
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toContain(CHAT_ERRORS.oneOrGroup);
    const eleven = await inject('POST', '/api/conversations', amara, { participantIds: many.slice(0, 11).map((m) => m.id) });
    expect(eleven.statusCode).toBe(201);
  });

  it('refuses a member not verified, unknown, blocked either way, or who takes messages from their network only', async () => {
    const [pending, blocker, blocked, picky] = await Promise.all([
      createUser(ctx.db, { status: 'pending' }), createUser(ctx.db), createUser(ctx.db), createUser(ctx.db, { messagePolicy: 'network' }),
    ]);
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocker.id}, ${amara.id}), (${amara.id}, ${blocked.id})`);
    const tryWith = (user: { id: string }) => inject('POST', '/api/conversations', amara, { participantIds: [ben.id, user.id] });
    expect((await tryWith(pending)).json()).toMatchObject({ msg: CHAT_ERRORS.memberNotVerified });
    expect((await tryWith({ id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await tryWith(blocker)).json()).toMatchObject({ msg: CHAT_ERRORS.memberBlocked });
    expect((await tryWith(blocked)).json()).toMatchObject({ msg: CHAT_ERRORS.memberBlocked });
    expect((await tryWith(picky)).json()).toMatchObject({ msg: CHAT_ERRORS.memberRefuses });
    await ctx.db.execute(sql`INSERT INTO favorites (user_id, favorite_id) VALUES (${picky.id}, ${amara.id})`);
    expect((await tryWith(picky)).statusCode).toBe(201);
  });

  it('refuses a visitor and a pending member; replays with the same Idempotency-Key', async () => {
    expect((await inject('POST', '/api/conversations', undefined, { participantIds: [ben.id, cleo.id] })).statusCode).toBe(401);
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect((await inject('POST', '/api/conversations', pending, { participantIds: [ben.id, cleo.id] })).statusCode).toBe(403);
    const key = { 'idempotency-key': `group-${Date.now()}` };
    const first = await inject('POST', '/api/conversations', amara, { participantIds: [ben.id, cleo.id] }, key);
    const again = await inject('POST', '/api/conversations', amara, { participantIds: [ben.id, cleo.id] }, key);
    expect(first.statusCode).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
  });
});

describe('members and title', () => {
  it('the creator adds; a new member reads from their joining on; each change is a line', async () => {
    const id = await group(amara, [ben, cleo]);
    await ctx.db.execute(sql`SELECT 1`);
    const added = await inject('POST', `/api/conversations/${id}/members`, amara, { userId: dev.id });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as Conversation).participants).toHaveLength(4);
    expect(await lines(id, amara)).toEqual(['Amara Osei started the conversation', 'Amara Osei added Dev Rao']);
    expect(await lines(id, dev)).toEqual(['Amara Osei added Dev Rao']);
    const again = await inject('POST', `/api/conversations/${id}/members`, amara, { userId: dev.id });
    expect(again.json()).toMatchObject({ msg: CHAT_ERRORS.alreadyMember });
  });

  it('a line carries its code and values (names by member id) beside its English text, in every language', async () => {
    const id = await group(amara, [ben, cleo]);
    await inject('POST', `/api/conversations/${id}/members`, amara, { userId: dev.id });
    await inject('PATCH', `/api/conversations/${id}`, amara, { title: 'Jeudi' });
    // A French reader gets the same line: their app says it from its own catalogue (docs/decisions/0325).
    const res = await inject('GET', `/api/conversations/${id}/messages`, ben, undefined, { 'accept-language': 'fr-CA' });
    const system = (res.json() as Message[]).filter((m) => m.kind === 'system').map((m) => ({ text: m.text, system: m.system }));
    expect(system).toEqual([
      { text: 'Amara Osei started the conversation', system: { code: 'started', values: { actor: 'Amara Osei' }, people: { actor: amara.id } } },
      {
        text: 'Amara Osei added Dev Rao',
        system: { code: 'added', values: { actor: 'Amara Osei', member: 'Dev Rao' }, people: { actor: amara.id, member: dev.id } },
      },
      {
        text: 'Amara Osei renamed the conversation to “Jeudi”',
        system: { code: 'renamed', values: { actor: 'Amara Osei', title: 'Jeudi' }, people: { actor: amara.id } },
      },
    ]);
    const list = (await inject('GET', '/api/conversations', ben)).json() as Conversation[];
    expect(list.find((c) => c._id === id)?.lastMessage).toMatchObject({ kind: 'system', system: { code: 'renamed' } });
  });

  it('a member adds only when the creator allows it; renames; only the creator changes who may add', async () => {
    const id = await group(amara, [ben, cleo]);
    const refused = await inject('POST', `/api/conversations/${id}/members`, ben, { userId: dev.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(CHAT_ERRORS.notCreator);
    expect((await inject('PATCH', `/api/conversations/${id}`, ben, { membersCanAdd: true })).statusCode).toBe(403);
    expect((await inject('PATCH', `/api/conversations/${id}`, amara, { membersCanAdd: true })).json()).toMatchObject({ membersCanAdd: true });
    expect((await inject('POST', `/api/conversations/${id}/members`, ben, { userId: dev.id })).statusCode).toBe(200);
    const renamed = await inject('PATCH', `/api/conversations/${id}`, cleo, { title: 'Case review' });
    expect(renamed.json()).toMatchObject({ title: 'Case review' });
    expect((await lines(id, amara)).slice(-2)).toEqual(['Ben Lund added Dev Rao', 'Cleo Park renamed the conversation to “Case review”']);
  });

  it('the creator removes; anyone leaves; a removed member reads and changes nothing more', async () => {
    const id = await group(amara, [ben, cleo, dev]);
    expect((await inject('DELETE', `/api/conversations/${id}/members/${cleo.id}`, ben)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/conversations/${id}/members/${cleo.id}`, amara)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/conversations/${id}/members/${dev.id}`, dev)).json()).toMatchObject({ msg: 'You left the conversation.' });
    expect((await lines(id, ben)).slice(-2)).toEqual(['Amara Osei removed Cleo Park', 'Dev Rao left']);
    for (const gone of [cleo, dev]) {
      expect((await inject('GET', `/api/conversations/${id}/messages`, gone)).statusCode).toBe(404);
      expect((await inject('GET', `/api/conversations/${id}`, gone)).statusCode).toBe(404);
      expect((await inject('PATCH', `/api/conversations/${id}`, gone, { title: 'Mine now' })).statusCode).toBe(404);
      expect((await inject('GET', '/api/conversations', gone)).json().some((c: Conversation) => c._id === id)).toBe(false);
    }
    expect((await inject('DELETE', `/api/conversations/${id}/members/${cleo.id}`, amara)).json()).toMatchObject({ msg: CHAT_ERRORS.notMember });
  });

  it('when the creator leaves, the longest-standing member may add and remove', async () => {
    const id = await group(amara, [ben, cleo]);
    await inject('DELETE', `/api/conversations/${id}/members/${amara.id}`, amara);
    const [row] = await queryRows<{ creator_id: string }>(ctx.db, sql`SELECT creator_id FROM conversations WHERE id = ${id}`);
    expect([ben.id, cleo.id]).toContain(row.creator_id);
  });

  it('a group holds at most 12; adding a blocked or refusing member is refused', async () => {
    const many = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.db)));
    const id = await group(amara, [ben, ...many]);
    const full = await inject('POST', `/api/conversations/${id}/members`, amara, { userId: cleo.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe(CHAT_ERRORS.groupFull);
    const small = await group(amara, [ben, cleo]);
    const blocker = await createUser(ctx.db);
    await ctx.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocker.id}, ${amara.id})`);
    expect((await inject('POST', `/api/conversations/${small}/members`, amara, { userId: blocker.id })).json()).toMatchObject({ msg: CHAT_ERRORS.memberBlocked });
  });

  it('a non-member, an administrator and a visitor see nothing and change nothing; a pair conversation has no members to add', async () => {
    const id = await group(amara, [ben, cleo]);
    const admin = await createAdmin(ctx.db);
    for (const outsider of [dev, admin]) {
      expect((await inject('GET', `/api/conversations/${id}/messages`, outsider)).statusCode).toBe(404);
      expect((await inject('POST', `/api/conversations/${id}/members`, outsider, { userId: outsider.id })).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/conversations/${id}/members/${ben.id}`, outsider)).statusCode).toBe(404);
    }
    expect((await inject('POST', `/api/conversations/${id}/members`, undefined, { userId: dev.id })).statusCode).toBe(401);
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect((await inject('POST', `/api/conversations/${id}/members`, pending, { userId: dev.id })).statusCode).toBe(403);
    const pair = (await inject('POST', '/api/conversations', amara, { recipientId: dev.id })).json()._id;
    expect((await inject('POST', `/api/conversations/${pair}/members`, amara, { userId: cleo.id })).json()).toMatchObject({ msg: CHAT_ERRORS.notGroup });
  });
});

describe('@mentions in a group', () => {
  const mentionsOf = async (user: TestUser, conversationId: string) => {
    const page = (await inject('GET', '/api/notifications', user)).json() as { notifications: { type: string; target: { kind: string; _id: string; url: string; title: string } }[] };
    return page.notifications.filter((n) => n.type === 'mention' && n.target._id === conversationId);
  };

  it('tells each mentioned member of the conversation, naming the conversation and not the words; nobody outside it', async () => {
    const [ana, bo, cy, out] = await Promise.all(['Ana Mention', 'Bo Mention', 'Cy Mention', 'Out Sider'].map((name) => createUser(ctx.db, { name })));
    const id = await group(ana, [bo, cy], 'Mention circle');
    const text = `Thoughts, @[Bo Mention](user:${bo.id}) and @[Out Sider](user:${out.id})?`;
    expect((await inject('POST', `/api/conversations/${id}/messages`, ana, { text })).statusCode).toBe(201);
    await expect.poll(() => mentionsOf(bo, id)).toHaveLength(1);
    const [item] = await mentionsOf(bo, id);
    expect(item.target).toMatchObject({ kind: 'conversation', url: `/chat/${id}`, title: 'Mention circle' });
    expect(JSON.stringify(item)).not.toContain('Thoughts');
    expect(await mentionsOf(cy, id)).toHaveLength(0);
    expect(await mentionsOf(out, id)).toHaveLength(0);
    expect(await mentionsOf(ana, id)).toHaveLength(0);
  });
});
