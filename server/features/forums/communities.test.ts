import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINS_ONLY, NOT_VERIFIED } from '../../lib/auth.ts';
import { queryRows } from '../../db/client.ts';
import { comments, communities, posts } from '../../db/schema.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createTestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createCommunity, createUser } from '../../test/factories.ts';
import { COMMUNITY_NAME_TAKEN, COMMUNITY_NOT_FOUND, NAME_REQUIRED, type Community } from '../../../common/communities.ts';

let { ctx, ana, ben, pending, admin } = {} as Cast;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

const call = caller(() => ctx.app);
const memberRows = async (communityId: string, userId: string) => (await queryRows<{ n: number }>(ctx.db, sql`
  SELECT count(*)::int AS n FROM community_members WHERE community_id = ${communityId} AND user_id = ${userId}`))[0].n;

beforeAll(async () => {
  ({ ctx, ana, ben, pending, admin } = await createCast({ ana: 'Ana Member', ben: 'Ben Other' }));
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/communities', () => {
  it('pages by 9, newest first, with counts and the reader\'s membership', async () => {
    for (let i = 0; i < 10; i++) await createCommunity(ctx.db, { name: unique(`Listed ${i}`), createdAt: new Date(Date.now() - i * 60_000) });
    const newest = await createCommunity(ctx.db, { name: unique('Newest'), postsCount: 4, membersCount: 1 }, [ana.id]);
    const first = await call('GET', '/api/communities', ana);
    expect(first.status).toBe(200);
    expect(first.body.currentPage).toBe(1);
    expect(first.body.communities).toHaveLength(9);
    expect(first.body.totalPages).toBeGreaterThanOrEqual(2);
    const top: Community = first.body.communities[0];
    expect(top).toMatchObject({ _id: newest.id, totalPostsCount: 4, membersCount: 1, joined: true, specialties: [], modalities: [] });
    expect(first.body.communities[1].joined).toBe(false);
    const second = await call('GET', '/api/communities?page=2&limit=9', ana);
    expect(second.body.currentPage).toBe(2);
    const ids = new Set(first.body.communities.map((c: Community) => c._id));
    expect(second.body.communities.some((c: Community) => ids.has(c._id))).toBe(false);
  });

  it('is readable signed out, never as a member', async () => {
    const res = await call('GET', '/api/communities?limit=5');
    expect(res.status).toBe(200);
    expect(res.body.communities).toHaveLength(5);
    expect(res.body.communities.every((c: Community) => c.joined === false)).toBe(true);
  });

  it.each([
    ['page=0', 'Invalid page: must be at least 1'],
    ['page=abc', 'Invalid page'],
    ['limit=0', 'Invalid limit: must be at least 1'],
    ['limit=51', 'Invalid limit: must be at most 50'],
    ['limit=2.5', 'Invalid limit: must be a whole number'],
  ])('refuses %s with 400', async (qs, msg) => {
    const res = await call('GET', `/api/communities?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(msg);
  });
});

describe('GET /api/communities/search', () => {
  it('finds by word prefix, name matches above description matches', async () => {
    // Consonants ending in q: a word the English stemmer leaves whole, so the prefix always matches (random letters once
    // made a stemmable ending and failed now and then).
    const tag = `${Array.from({ length: 5 }, () => 'bcdfghjkmnprtvwxz'[Math.floor(Math.random() * 17)]).join('')}q`;
    const inDescription = await createCommunity(ctx.db, { name: unique('Peer circle'), description: `All about Zorbanite${tag} work` });
    const inName = await createCommunity(ctx.db, { name: `Zorbanite${tag} Practitioners`, description: 'Peers' });
    const res = await call('GET', `/api/communities/search?query=${encodeURIComponent(`zorbanite${tag.slice(0, 2)}`)}`, ana);
    expect(res.status).toBe(200);
    expect(res.body.communities.map((c: Community) => c._id)).toEqual([inName.id, inDescription.id]);
    expect(res.body.totalPages).toBe(1);
  });

  it('treats operators in the query as plain words, and an empty query as the whole list', async () => {
    const odd = await call('GET', `/api/communities/search?query=${encodeURIComponent("a & | ! ( ' :* )")}`);
    expect(odd.status).toBe(200);
    const empty = await call('GET', '/api/communities/search?query=');
    expect(empty.status).toBe(200);
    expect(empty.body.communities.length).toBeGreaterThan(0);
  });

  it('answers a search that finds nothing with one empty page, as every page-numbered list does', async () => {
    const none = await call('GET', '/api/communities/search?query=qxzvnomatchword');
    expect(none).toEqual({ status: 200, body: { communities: [], totalPages: 1, currentPage: 1 } });
  });

  it('refuses a query longer than 200 characters', async () => {
    const res = await call('GET', `/api/communities/search?query=${'a'.repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Invalid query: must be at most 200 characters');
  });
});

describe('GET /api/communities/:id', () => {
  it('returns one community, 404 when it does not exist and 400 for a malformed id', async () => {
    const c = await createCommunity(ctx.db, { name: unique('Single'), specialties: ['Grief'] });
    expect((await call('GET', `/api/communities/${c.id}`)).body).toMatchObject({ _id: c.id, name: c.name, specialties: ['Grief'], joined: false });
    expect(await call('GET', `/api/communities/${UNKNOWN_ID}`)).toEqual({ status: 404, body: { msg: COMMUNITY_NOT_FOUND, code: 'NOT_FOUND' } });
    const bad = await call('GET', '/api/communities/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Invalid id: must be a valid id');
  });
});

describe('POST /api/communities', () => {
  it('creates it with the creator as first member; tags are matched to the option lists', async () => {
    const name = unique('Grief Work');
    const res = await call('POST', '/api/communities', ana, {
      name: `  ${name}  `, description: 'Loss and mourning', specialties: ['grief', 'Grief', ' Trauma and PTSD '], modalities: ['cbt'], demographics: ['Adults'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name, description: 'Loss and mourning', specialties: ['Grief', 'Trauma and PTSD'], modalities: ['CBT'], demographics: ['Adults'],
      membersCount: 1, totalPostsCount: 0, joined: true,
    });
    expect(await memberRows(res.body._id, ana.id)).toBe(1);
    const joined = await call('GET', '/api/communities/joined', ana);
    expect(joined.body[0]._id).toBe(res.body._id);
  });

  it.each([[{}], [{ name: '' }], [{ name: '   ', description: 'x' }]])('says "Name is required." for %j', async (body) => {
    expect(await call('POST', '/api/communities', ana, body)).toEqual({ status: 400, body: { msg: NAME_REQUIRED, code: 'BAD_REQUEST' } });
  });

  it.each([
    [{ name: 'x'.repeat(81) }, 'Invalid name: must be at most 80 characters'],
    [{ name: 'Ok', description: 'x'.repeat(1001) }, 'Invalid description: must be at most 1000 characters'],
    [{ name: 'Ok', specialties: ['Astrology'] }, "Invalid specialties: 'Astrology' is not one of the specialties"],
    [{ name: 'Ok', modalities: ['Shouting'] }, "Invalid modalities: 'Shouting' is not one of the therapy types"],
    [{ name: 'Ok', demographics: ['Babies'] }, "Invalid demographics: 'Babies' is not one of the age groups"],
    [{ name: 'Ok', specialties: 'Grief' }, 'Invalid specialties'],
    [{ name: 42 }, 'Invalid name'],
  ])('refuses %j with 400', async (body, msg) => {
    const res = await call('POST', '/api/communities', ana, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(msg);
  });

  it('keeps names unique whatever the case (409), even when two people race for one', async () => {
    const name = unique('Unique Name');
    expect((await call('POST', '/api/communities', ana, { name })).status).toBe(201);
    expect(await call('POST', '/api/communities', ben, { name: name.toUpperCase() })).toEqual({ status: 409, body: { msg: COMMUNITY_NAME_TAKEN, code: 'CONFLICT' } });
    const raced = unique('Raced Name');
    const results = await Promise.all([call('POST', '/api/communities', ana, { name: raced }), call('POST', '/api/communities', ben, { name: raced })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('needs a verified licence and a session', async () => {
    expect(await call('POST', '/api/communities', pending, { name: unique('Pending') })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect((await call('POST', '/api/communities', undefined, { name: unique('Anon') })).status).toBe(401);
    // Access is checked before the body: a signed-out caller never learns what a valid body is.
    expect((await call('POST', '/api/communities', undefined, { name: '' })).status).toBe(401);
    expect((await call('POST', '/api/communities', admin, { name: unique('Admin made') })).status).toBe(201);
  });

  it('decides access before the body is read or checked: 401 signed out, 403 pending, however bad the body', async () => {
    const tooLong = { name: 'x'.repeat(81), specialties: ['Not an option'] };
    expect((await call('POST', '/api/communities', undefined, tooLong)).status).toBe(401);
    expect(await call('POST', '/api/communities', pending, tooLong)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    const malformed = await ctx.app.inject({
      method: 'POST', url: '/api/communities', headers: { ...pending.headers, 'content-type': 'application/json' }, payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(403);
    expect((await call('DELETE', '/api/communities/not-an-id', pending))).toEqual({ status: 403, body: { msg: ADMINS_ONLY, code: 'FORBIDDEN' } });
    expect((await call('DELETE', '/api/communities/not-an-id')).status).toBe(401);
  });
});

describe('DELETE /api/communities/:id', () => {
  it('is for administrators only', async () => {
    const c = await createCommunity(ctx.db, { name: unique('Keep') });
    expect((await call('DELETE', `/api/communities/${c.id}`)).status).toBe(401);
    expect(await call('DELETE', `/api/communities/${c.id}`, pending)).toEqual({ status: 403, body: { msg: ADMINS_ONLY, code: 'FORBIDDEN' } });
    expect(await call('DELETE', `/api/communities/${c.id}`, ana)).toEqual({ status: 403, body: { msg: ADMINS_ONLY, code: 'FORBIDDEN' } });
    expect((await call('GET', `/api/communities/${c.id}`)).status).toBe(200);
  });

  it('removes the community, its posts, their comments and likes in one go, and records who did it', async () => {
    const c = await createCommunity(ctx.db, { name: unique('Doomed') }, [ana.id]);
    const post = await call('POST', '/api/forumPosts', ana, { title: 'Going', content: 'soon', communityId: c.id });
    const comment = await call('POST', `/api/forumPosts/${post.body._id}/comments`, ben, { content: 'bye' });
    await call('POST', `/api/forumPosts/comments/${comment.body._id}/reply`, ana, { content: 'bye too' });
    await call('POST', `/api/forumPosts/${post.body._id}/like`, ben);
    expect(await call('DELETE', `/api/communities/${c.id}`, admin)).toEqual({ status: 200, body: { msg: 'Community deleted.' } });
    expect((await call('GET', `/api/communities/${c.id}`)).status).toBe(404);
    expect(await ctx.db.select().from(posts).where(sql`${posts.communityId} = ${c.id}`)).toEqual([]);
    expect(await ctx.db.select().from(comments).where(sql`${comments.postId} = ${post.body._id}`)).toEqual([]);
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM post_likes WHERE post_id = ${post.body._id}`)).toEqual([]);
    expect(await memberRows(c.id, ana.id)).toBe(0);
    const audit = await queryRows<{ actor_id: string; action: string; target_id: string; detail: { name: string } }>(ctx.db, sql`
      SELECT actor_id, action, target_id, detail FROM audit_log WHERE target_id = ${c.id}`);
    expect(audit).toEqual([{ actor_id: admin.id, action: 'community.delete', target_id: c.id, detail: { name: c.name, postsCount: 1 } }]);
    expect(await call('DELETE', `/api/communities/${c.id}`, admin)).toEqual({ status: 404, body: { msg: COMMUNITY_NOT_FOUND, code: 'NOT_FOUND' } });
  });
});

describe('join and unjoin', () => {
  it('toggles membership, idempotently, and keeps the members count', async () => {
    const c = await createCommunity(ctx.db, { name: unique('Joinable') });
    const joined = await call('POST', `/api/communities/${c.id}/join`, ben);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ _id: c.id, joined: true, membersCount: 1 });
    expect((await call('POST', `/api/communities/${c.id}/join`, ben)).body.membersCount).toBe(1);
    const left = await call('DELETE', `/api/communities/${c.id}/unjoin`, ben);
    expect(left.body).toMatchObject({ joined: false, membersCount: 0 });
    expect((await call('DELETE', `/api/communities/${c.id}/unjoin`, ben)).body.membersCount).toBe(0);
  });

  it('leaves exactly one membership when two joins arrive together', async () => {
    const c = await createCommunity(ctx.db, { name: unique('Racy') });
    const results = await Promise.all([call('POST', `/api/communities/${c.id}/join`, ana), call('POST', `/api/communities/${c.id}/join`, ana)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await memberRows(c.id, ana.id)).toBe(1);
    const [row] = await ctx.db.select({ n: communities.membersCount }).from(communities).where(sql`${communities.id} = ${c.id}`);
    expect(row.n).toBe(1);
  });

  it('needs a verified licence, a session and an existing community', async () => {
    const c = await createCommunity(ctx.db, { name: unique('Guarded') });
    expect(await call('POST', `/api/communities/${c.id}/join`, pending)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect(await call('DELETE', `/api/communities/${c.id}/unjoin`, pending)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect((await call('POST', `/api/communities/${c.id}/join`)).status).toBe(401);
    expect((await call('DELETE', `/api/communities/${c.id}/unjoin`)).status).toBe(401);
    expect(await call('POST', `/api/communities/${UNKNOWN_ID}/join`, ana)).toEqual({ status: 404, body: { msg: COMMUNITY_NOT_FOUND, code: 'NOT_FOUND' } });
    expect((await call('POST', '/api/communities/nope/join', ana)).status).toBe(400);
  });
});

describe('GET /api/communities/joined', () => {
  it('lists the reader\'s communities, most recently joined first, and needs a verified licence', async () => {
    const carl = await createUser(ctx.db);
    const a = await createCommunity(ctx.db, { name: unique('First joined') });
    const b = await createCommunity(ctx.db, { name: unique('Second joined') });
    await call('POST', `/api/communities/${a.id}/join`, carl);
    await call('POST', `/api/communities/${b.id}/join`, carl);
    const res = await call('GET', '/api/communities/joined', carl);
    expect(res.body.map((c: Community) => c._id)).toEqual([b.id, a.id]);
    expect(res.body.every((c: Community) => c.joined)).toBe(true);
    expect((await call('GET', '/api/communities/joined?limit=1', carl)).body).toHaveLength(1);
    expect((await call('GET', '/api/communities/joined?limit=101', carl)).status).toBe(400);
    expect((await call('GET', '/api/communities/joined')).status).toBe(401);
    expect((await call('GET', '/api/communities/joined', pending)).status).toBe(403);
  });
});

describe('GET /api/communities/recommendations', () => {
  it('ranks unjoined communities by matching tags, ties by recent posts, and says which tags matched', async () => {
    // Tags no other test here uses, so the ranking below is this test's alone.
    const me = await createUser(ctx.db, { specialties: ['Hoarding', 'Gambling'], modalities: ['Sandplay'], demographics: ['Preteen'] });
    const poster = await createUser(ctx.db);
    const three = await createCommunity(ctx.db, { name: unique('Three'), specialties: ['Hoarding', 'Autism'], modalities: ['Sandplay'], demographics: ['Preteen'] });
    const oneQuiet = await createCommunity(ctx.db, { name: unique('One quiet'), specialties: ['Gambling'] });
    const oneBusy = await createCommunity(ctx.db, { name: unique('One busy'), modalities: ['Sandplay'] }, [poster.id]);
    await createCommunity(ctx.db, { name: unique('Joined already'), specialties: ['Hoarding', 'Gambling'] }, [me.id]);
    for (let i = 0; i < 3; i++) {
      await call('POST', '/api/forumPosts', poster, { title: `t${i}`, content: 'c', communityId: oneBusy.id });
    }
    const res = await call('GET', '/api/communities/recommendations?limit=4', me);
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 3).map((c: Community) => c._id)).toEqual([three.id, oneBusy.id, oneQuiet.id]);
    expect(res.body[0].matched).toEqual({ specialties: ['Hoarding'], modalities: ['Sandplay'], demographics: ['Preteen'] });
    expect(res.body[1]).toMatchObject({ matched: { specialties: [], modalities: ['Sandplay'], demographics: [] }, recentPostsCount: 3 });
    expect(res.body[2]).toMatchObject({ matched: { specialties: ['Gambling'], modalities: [], demographics: [] }, recentPostsCount: 0 });
    // Past the matches come the most active of the rest, with nothing matched.
    expect(res.body[3].matched).toEqual({ specialties: [], modalities: [], demographics: [] });
    // An empty profile matches nothing: the most active communities first, five by default.
    const blank = await createUser(ctx.db);
    const forBlank = await call('GET', '/api/communities/recommendations', blank);
    expect(forBlank.body[0]._id).toBe(oneBusy.id);
    expect(forBlank.body).toHaveLength(5);
    expect((await call('GET', '/api/communities/recommendations')).status).toBe(401);
    expect((await call('GET', '/api/communities/recommendations?limit=0', me)).status).toBe(400);
  });
});

describe('recommendations with the activity kept a minute (COMMUNITY_ACTIVITY_CACHE_MS)', () => {
  it('ranks from the kept activity: a community made through this node shows at once, one just joined leaves at once', async () => {
    const cached = await createTestContext({ config: { COMMUNITY_ACTIVITY_CACHE_MS: '60000' } });
    try {
      const callCached = caller(() => cached.app);
      const me = await createUser(cached.db, { specialties: ['ADHD'] });
      const founder = await createUser(cached.db);
      // The activity is read once and kept; a community made through this node joins it at once.
      expect((await callCached('GET', '/api/communities/recommendations', me)).status).toBe(200);
      const made = await callCached('POST', '/api/communities', founder, {
        name: unique('Mutism circle'), description: 'd', specialties: ['ADHD'], modalities: [], demographics: [],
      });
      expect(made.status).toBe(201);
      const match = made.body as Community;
      const first = await callCached('GET', '/api/communities/recommendations', me);
      expect(first.body[0]).toMatchObject({ _id: match._id, joined: false, matched: { specialties: ['ADHD'] } });
      expect((await callCached('POST', `/api/communities/${match._id}/join`, me)).status).toBe(200);
      const after = await callCached('GET', '/api/communities/recommendations', me);
      expect(after.body.map((c: Community) => c._id)).not.toContain(match._id);
    } finally {
      await cached.close();
    }
  });
});
