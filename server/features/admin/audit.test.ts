import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuditEntry } from '../../../common/audit.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ADMINS_ONLY } from '../../lib/auth.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { forumWriter } from '../../test/forum-writes.ts';
import { caller } from '../../test/http.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createUser(ctx.db, { name: 'Maya Member' });
});
afterAll(() => ctx.close());
// The trail is append-only: each test has an administrator of its own and reads that administrator's entries.
beforeEach(async () => {
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
});

const list = (query = '', user: TestUser | null = admin) => {
  const filters = new URLSearchParams(query.replace(/^\?/, ''));
  if (!filters.has('actorId')) filters.set('actorId', admin.id);
  return ctx.app.inject({ method: 'GET', url: `/api/admin/audit?${filters}`, headers: user?.headers });
};

async function submitResource(title: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/resources', headers: member.headers,
    payload: { title, link: 'https://example.org/x', category: 'Tools', description: 'A tool' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().resource._id;
}

describe('GET /api/admin/audit', () => {
  it('lists each resource decision of an administrator, newest first: who, what, which target, when', async () => {
    const approved = await submitResource('Approved then deleted');
    const declined = await submitResource('Declined');
    await ctx.app.inject({ method: 'PATCH', url: `/api/resources/${approved}/approve`, headers: admin.headers });
    await ctx.app.inject({ method: 'DELETE', url: `/api/resources/${declined}`, headers: admin.headers });
    await ctx.app.inject({ method: 'DELETE', url: `/api/resources/${approved}`, headers: admin.headers });

    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.nextCursor).toBeNull();
    const entries: AuditEntry[] = body.entries;
    expect(entries.map((e) => [e.action, e.targetId, e.detail])).toEqual([
      ['resource.delete', approved, { title: 'Approved then deleted' }],
      ['resource.decline', declined, { title: 'Declined' }],
      ['resource.approve', approved, { title: 'Approved then deleted' }],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ targetType: 'resource', actor: { _id: admin.id, name: 'Ada Admin' } });
      expect(Date.parse(entry.createdAt)).not.toBeNaN();
    }
  });

  it('pages with a cursor, newest first, without gaps or repeats', async () => {
    for (let i = 0; i < 5; i++) {
      await recordAudit(ctx.db, { actorId: admin.id, action: 'user.disable', targetType: 'user', targetId: `t${i}` });
    }
    const first = (await list('?limit=2')).json();
    expect(first.entries.map((e: AuditEntry) => e.targetId)).toEqual(['t4', 't3']);
    const second = (await list(`?limit=2&cursor=${first.nextCursor}`)).json();
    const third = (await list(`?limit=2&cursor=${second.nextCursor}`)).json();
    expect(second.entries.map((e: AuditEntry) => e.targetId)).toEqual(['t2', 't1']);
    expect(third.entries.map((e: AuditEntry) => e.targetId)).toEqual(['t0']);
    expect(third.nextCursor).toBeNull();
  });

  it('keeps an entry when its administrator\'s account is gone, with no actor', async () => {
    const former = await createAdmin(ctx.db);
    await recordAudit(ctx.db, { actorId: former.id, action: 'community.delete', targetType: 'community', targetId: 'c1' });
    await ctx.db.delete(users).where(eq(users.id, former.id));
    const [entry] = (await list(`?actorId=${former.id}`)).json().entries;
    expect(entry).toMatchObject({ action: 'community.delete', actor: null, actorId: former.id, actorRole: 'admin', targetId: 'c1' });
  });

  it('names the target: a user by their name, a resource by its title; odd target ids do no harm', async () => {
    await recordAudit(ctx.db, { actorId: admin.id, action: 'licence.verify', targetType: 'user', targetId: member.id });
    await recordAudit(ctx.db, { actorId: admin.id, action: 'user.disable', targetType: 'user', targetId: 'not-a-uuid' });
    await recordAudit(ctx.db, { actorId: admin.id, action: 'resource.delete', targetType: 'resource', targetId: 'r1', detail: { title: 'A title' } });
    const entries: AuditEntry[] = (await list()).json().entries;
    // Inserted back to back, these may share a timestamp, so their order is not the point here.
    expect(entries.map((e) => [e.action, e.targetName]).sort()).toEqual([
      ['licence.verify', 'Maya Member'], ['resource.delete', 'A title'], ['user.disable', null],
    ]);
  });

  it('names a reviewed post or comment by the post\'s title and links to the post; a member links to their account page', async () => {
    const community = await createCommunity(ctx.db, {}, [member.id]);
    const write = forumWriter(caller(() => ctx.app), () => community.id);
    const post = await write.post(member, 'Some text', 'Sleep hygiene handout');
    const comment = await write.comment(member, post._id, 'A reply');
    // A report's review records only the reported item's id.
    await recordAudit(ctx.db, { actorId: admin.id, action: 'report.remove', targetType: 'post', targetId: post._id, detail: { reports: 1 } });
    await recordAudit(ctx.db, { actorId: admin.id, action: 'report.warn', targetType: 'comment', targetId: comment._id, detail: { reports: 2 } });
    await recordAudit(ctx.db, { actorId: admin.id, action: 'user.disable', targetType: 'user', targetId: member.id });
    await recordAudit(ctx.db, { actorId: admin.id, action: 'report.dismiss', targetType: 'message', targetId: post._id, detail: { reports: 1 } });
    const entries: AuditEntry[] = (await list()).json().entries;
    expect(entries.map((e) => [e.action, e.targetName, e.targetLink]).sort()).toEqual([
      ['report.dismiss', null, null],
      ['report.remove', 'Sleep hygiene handout', `/post/${post._id}`],
      ['report.warn', 'Sleep hygiene handout', `/post/${post._id}`],
      ['user.disable', 'Maya Member', `/admin/users/${member.id}`],
    ]);
  });

  it('refuses members (403) and visitors (401)', async () => {
    const refused = await list('', member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: ADMINS_ONLY, code: 'FORBIDDEN' });
    expect((await list('', null)).statusCode).toBe(401);
  });

  it.each([['cursor=0x', 'cursor'], ['limit=101', 'limit'], ['actorId=x', 'actorId'], ['from=yesterday', 'from']])('refuses ?%s with a 400', async (query, field) => {
    const res = await list(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(new RegExp(`^Invalid ${field}`));
  });
});
