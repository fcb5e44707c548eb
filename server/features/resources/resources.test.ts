import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, gt, sql } from 'drizzle-orm';
import { RESOURCE_CATEGORIES } from '../../../common/options.ts';
import { RESOURCE_LOGIN_REQUIRED, RESOURCE_SUBMITTED, type Resource, type ResourcePage } from '../../../common/resources.ts';
import { auditLog, resources, users } from '../../db/schema.ts';
import { ADMINS_ONLY, NOT_VERIFIED } from '../../lib/auth.ts';
import { createAdmin, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { ALREADY_APPROVED, ONLY_OWN_PENDING, RESOURCE_NOT_FOUND } from './service.ts';

let ctx: TestContext;
let admin: TestUser;
let member: TestUser;
let other: TestUser;
let pending: TestUser;

const valid = { title: 'Grounding techniques', link: 'https://example.org/grounding', category: 'Articles', description: 'Five quick exercises.' };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
  member = await createUser(ctx.db, { name: 'Maya Member' });
  other = await createUser(ctx.db, { name: 'Omar Other' });
  pending = await createUser(ctx.db, { status: 'pending' });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(resources);
  // The trail is append-only: each test reads the entries written after it began.
  [{ since }] = await ctx.db.select({ since: sql<number>`coalesce(max(${auditLog.seq}), 0)::int` }).from(auditLog);
});

const submit = (user: TestUser | null, body: Record<string, unknown> = valid) =>
  ctx.app.inject({ method: 'POST', url: '/api/resources', headers: user?.headers, payload: body });
const approve = (user: TestUser | null, id: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/resources/${id}/approve`, headers: user?.headers });
const remove = (user: TestUser | null, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/resources/${id}`, headers: user?.headers });
const get = (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user?.headers });

async function submitted(overrides: Record<string, unknown> = {}, user = member): Promise<Resource> {
  const res = await submit(user, { ...valid, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource;
}
async function published(overrides: Record<string, unknown> = {}, user = member): Promise<Resource> {
  const resource = await submitted(overrides, user);
  expect((await approve(admin, resource._id)).statusCode).toBe(200);
  return resource;
}
let since = 0;
const auditEntries = () => ctx.db.select().from(auditLog).where(gt(auditLog.seq, since)).orderBy(auditLog.seq);

describe('POST /api/resources', () => {
  it('stores a verified member\'s submission as pending, with the spec\'s message', async () => {
    const res = await submit(member);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.msg).toBe(RESOURCE_SUBMITTED);
    expect(body.resource).toMatchObject({ ...valid, isApproved: false, createdBy: { name: 'Maya Member' }, approvedAt: null });
    const [row] = await ctx.db.select().from(resources).where(eq(resources.id, body.resource._id));
    expect(row).toMatchObject({ isApproved: false, createdBy: member.id });
  });

  it('refuses a signed-out visitor with the spec\'s message, even when the body is invalid too', async () => {
    for (const body of [valid, {}, { ...valid, link: 'javascript:alert(1)' }]) {
      const res = await submit(null, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: RESOURCE_LOGIN_REQUIRED, code: 'UNAUTHORIZED' });
    }
  });

  it('treats an unknown token as signed out', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/resources', headers: { 'x-auth-token': 'not-a-token' }, payload: valid });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ msg: RESOURCE_LOGIN_REQUIRED, code: 'SESSION_ENDED' });
  });

  it('refuses a member whose licence is not verified yet', async () => {
    const res = await submit(pending);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: NOT_VERIFIED, code: 'NOT_VERIFIED' });
    const rejected = await createUser(ctx.db, { status: 'rejected' });
    expect((await submit(rejected)).json()).toEqual({ msg: NOT_VERIFIED, code: 'NOT_VERIFIED' });
  });

  it('refuses a pending member before checking the body, however bad', async () => {
    for (const body of [{}, { ...valid, link: 'javascript:alert(1)' }]) {
      const res = await submit(pending, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: NOT_VERIFIED, code: 'NOT_VERIFIED' });
    }
  });

  it.each([
    ['javascript: links', { link: 'javascript:alert(document.cookie)' }, 'link'],
    ['data: links', { link: 'data:text/html,<script>alert(1)</script>' }, 'link'],
    ['ftp: links', { link: 'ftp://files.example.org/a.pdf' }, 'link'],
    ['text that is not a URL', { link: 'example dot org' }, 'link'],
    ['a link over 2,000 characters', { link: `https://example.org/${'a'.repeat(2000)}` }, 'link'],
    ['a missing title', { title: undefined }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title'],
    ['a category outside the list', { category: 'Memes' }, 'category'],
    ['a missing category', { category: undefined }, 'category'],
    ['a missing description', { description: undefined }, 'description'],
    ['a description over 2,000 characters', { description: 'x'.repeat(2001) }, 'description'],
  ])('refuses %s with a 400 naming the field', async (_name, change, field) => {
    const res = await submit(member, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(new RegExp(`^Invalid ${field}`));
    expect(await ctx.db.select().from(resources)).toHaveLength(0);
  });

  it('accepts every category of the list and both web schemes', async () => {
    for (const [i, category] of RESOURCE_CATEGORIES.entries()) {
      const res = await submit(member, { ...valid, category, link: i % 2 ? `http://example.org/${i}` : `https://example.org/${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('accepts limits exactly at the maximum', async () => {
    const res = await submit(member, { ...valid, title: 't'.repeat(200), description: 'd'.repeat(2000) });
    expect(res.statusCode).toBe(201);
  });

  it('refuses malformed JSON with a 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/resources', headers: { ...member.headers, 'content-type': 'application/json' }, payload: '{"title":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBeTruthy();
  });
});

describe('GET /api/resources', () => {
  it('lists approved resources only, latest first, to signed-out visitors', async () => {
    const first = await published({ title: 'First' });
    await submitted({ title: 'Still pending' });
    const second = await published({ title: 'Second' });
    const res = await get('/api/resources');
    expect(res.statusCode).toBe(200);
    const page: ResourcePage = res.json();
    expect(page.resources.map((r) => r._id)).toEqual([second._id, first._id]);
    expect(page).toMatchObject({ totalPages: 1, currentPage: 1 });
    expect(page.resources[0]).toEqual({
      _id: second._id, title: 'Second', link: valid.link, description: valid.description, category: 'Articles',
      isApproved: true, createdBy: { name: 'Maya Member' }, createdAt: expect.any(String), approvedAt: expect.any(String),
    });
  });

  it('orders by publication: a resource approved later is the latest', async () => {
    const older = await submitted({ title: 'Submitted first' });
    const newer = await published({ title: 'Submitted second' });
    await approve(admin, older._id);
    const { resources: list } = (await get('/api/resources')).json();
    expect(list.map((r: Resource) => r._id)).toEqual([older._id, newer._id]);
  });

  it('pages with page and limit', async () => {
    for (let i = 1; i <= 5; i++) await published({ title: `R${i}` });
    const one = (await get('/api/resources?limit=2')).json();
    expect(one.resources.map((r: Resource) => r.title)).toEqual(['R5', 'R4']);
    expect(one).toMatchObject({ totalPages: 3, currentPage: 1 });
    const three = (await get('/api/resources?limit=2&page=3')).json();
    expect(three.resources.map((r: Resource) => r.title)).toEqual(['R1']);
    expect((await get('/api/resources?limit=2&page=9')).json().resources).toEqual([]);
  });

  it('filters by category', async () => {
    await published({ title: 'A book', category: 'Books' });
    await published({ title: 'A podcast', category: 'Podcasts' });
    const { resources: list } = (await get('/api/resources?category=Books')).json();
    expect(list.map((r: Resource) => r.title)).toEqual(['A book']);
  });

  it.each([
    ['page=0', 'page'], ['page=abc', 'page'], ['limit=0', 'limit'], ['limit=51', 'limit'], ['category=Memes', 'category'],
  ])('refuses ?%s with a 400', async (query, field) => {
    const res = await get(`/api/resources?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(new RegExp(`^Invalid ${field}`));
  });

  it('shows createdBy as null once the submitter\'s account is gone', async () => {
    const leaving = await createUser(ctx.db);
    const resource = await published({}, leaving);
    await ctx.db.delete(users).where(eq(users.id, leaving.id));
    const { resources: list } = (await get('/api/resources')).json();
    expect(list.find((r: Resource) => r._id === resource._id).createdBy).toBeNull();
  });

  it('counts a newly approved resource in totalPages straight away', async () => {
    await published({ title: 'One' });
    expect((await get('/api/resources?limit=1')).json().totalPages).toBe(1);
    await published({ title: 'Two' });
    expect((await get('/api/resources?limit=1')).json().totalPages).toBe(2);
  });
});

describe('GET /api/resources/search', () => {
  it('finds approved resources by title, description and category, by word prefix', async () => {
    const trauma = await published({ title: 'Trauma-informed care', description: 'Principles for practice', category: 'Articles' });
    const sleep = await published({ title: 'Better nights', description: 'Insomnia and sleep hygiene', category: 'Podcasts' });
    await submitted({ title: 'Trauma pending', description: 'Not approved yet' });
    const find = async (q: string) =>
      (await get(`/api/resources/search?query=${encodeURIComponent(q)}`)).json().resources.map((r: Resource) => r._id);
    expect(await find('trauma')).toEqual([trauma._id]);
    expect(await find('trau')).toEqual([trauma._id]);
    expect(await find('insomnia')).toEqual([sleep._id]);
    expect(await find('podcasts')).toEqual([sleep._id]);
    expect(await find('nothing-like-this')).toEqual([]);
  });

  it('is safe with query syntax characters and stop words', async () => {
    await published({ title: 'Anxiety toolkit' });
    for (const q of ["'&|!():*", 'the', '<script>', 'anxiety & | !']) {
      const res = await get(`/api/resources/search?query=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await get(`/api/resources/search?query=${encodeURIComponent('anxiety & | !')}`)).json().resources).toHaveLength(1);
  });

  it('filters search results by category', async () => {
    await published({ title: 'Anxiety book', category: 'Books' });
    await published({ title: 'Anxiety podcast', category: 'Podcasts' });
    const { resources: list } = (await get('/api/resources/search?query=anxiety&category=Books')).json();
    expect(list.map((r: Resource) => r.title)).toEqual(['Anxiety book']);
  });

  it('needs a query of at most 200 characters', async () => {
    expect((await get('/api/resources/search')).statusCode).toBe(400);
    expect((await get('/api/resources/search?query=%20')).json().msg).toMatch(/^Invalid query/);
    expect((await get(`/api/resources/search?query=${'a'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/resources/all', () => {
  it('gives the administrator every resource, pending first', async () => {
    const approved = await published({ title: 'Approved' });
    const waiting = await submitted({ title: 'Waiting' });
    const res = await get('/api/resources/all', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().resources.map((r: Resource) => [r._id, r.isApproved])).toEqual([[waiting._id, false], [approved._id, true]]);
  });

  it('refuses members (403) and visitors (401)', async () => {
    const res = await get('/api/resources/all', member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: ADMINS_ONLY, code: 'FORBIDDEN' });
    expect((await get('/api/resources/all')).statusCode).toBe(401);
    // Before the query is checked.
    expect((await get('/api/resources/all?page=0', member)).statusCode).toBe(403);
    expect((await get('/api/resources/all?page=0')).statusCode).toBe(401);
  });
});

describe('PATCH /api/resources/:id/approve', () => {
  it('publishes a pending resource and records who approved it', async () => {
    const resource = await submitted({ title: 'To approve' });
    const res = await approve(admin, resource._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().resource).toMatchObject({ _id: resource._id, isApproved: true, approvedAt: expect.any(String) });
    const entries = await auditEntries();
    expect(entries).toEqual([expect.objectContaining({
      actorId: admin.id, action: 'resource.approve', targetType: 'resource', targetId: resource._id, detail: { title: 'To approve' },
    })]);
  });

  it('refuses a second approval with a 409 and no second audit entry', async () => {
    const resource = await published();
    const res = await approve(admin, resource._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: ALREADY_APPROVED, code: 'CONFLICT' });
    expect(await auditEntries()).toHaveLength(1);
  });

  it('answers 404 for an unknown resource and 400 for a malformed id', async () => {
    expect((await approve(admin, MISSING_ID)).json()).toEqual({ msg: RESOURCE_NOT_FOUND, code: 'NOT_FOUND' });
    expect((await approve(admin, MISSING_ID)).statusCode).toBe(404);
    const bad = await approve(admin, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^Invalid id/);
  });

  it('refuses members (403), including the submitter, and visitors (401)', async () => {
    const resource = await submitted();
    const res = await approve(member, resource._id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: ADMINS_ONLY, code: 'FORBIDDEN' });
    expect((await approve(null, resource._id)).statusCode).toBe(401);
    expect((await get('/api/resources')).json().resources).toHaveLength(0);
    expect(await auditEntries()).toHaveLength(0);
  });
});

describe('DELETE /api/resources/:id', () => {
  it('lets the administrator decline a pending resource, audited as a decline', async () => {
    const resource = await submitted({ title: 'Declined one' });
    const res = await remove(admin, resource._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Resource declined.' });
    expect(await ctx.db.select().from(resources)).toHaveLength(0);
    expect(await auditEntries()).toEqual([expect.objectContaining({
      actorId: admin.id, action: 'resource.decline', targetType: 'resource', targetId: resource._id, detail: { title: 'Declined one' },
    })]);
  });

  it('lets the administrator delete an approved resource from the public list, audited as a delete', async () => {
    const resource = await published({ title: 'Deleted one' });
    const res = await remove(admin, resource._id);
    expect(res.json()).toEqual({ msg: 'Resource deleted.' });
    expect((await get('/api/resources')).json().resources).toEqual([]);
    const actions = (await auditEntries()).map((e) => [e.action, e.targetId, e.detail]);
    expect(actions).toContainEqual(['resource.delete', resource._id, { title: 'Deleted one' }]);
  });

  it('lets the submitter withdraw their own pending resource, without an audit entry', async () => {
    const resource = await submitted();
    const res = await remove(member, resource._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Resource withdrawn.' });
    expect(await auditEntries()).toHaveLength(0);
  });

  it('refuses the submitter once approved, and any other member', async () => {
    const approved = await published();
    const waiting = await submitted();
    for (const [user, id] of [[member, approved._id], [other, waiting._id], [other, approved._id]] as const) {
      const res = await remove(user, id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: ONLY_OWN_PENDING, code: 'FORBIDDEN' });
    }
    expect(await ctx.db.select().from(resources)).toHaveLength(2);
  });

  it('refuses visitors (401) and answers 404 / 400 for unknown or malformed ids', async () => {
    const resource = await submitted();
    expect((await remove(null, resource._id)).statusCode).toBe(401);
    const missing = await remove(admin, MISSING_ID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: RESOURCE_NOT_FOUND, code: 'NOT_FOUND' });
    expect((await remove(admin, "1' OR '1'='1")).statusCode).toBe(400);
  });
});
