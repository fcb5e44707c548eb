// Sorting the feed and a community (Latest, Top in a period, Unanswered) with exact cursor pages, and bookmarks
//, for every role.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { caller } from '../../test/http.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { POST_NOT_FOUND, type Post, type PostsPage } from '../../../common/posts.ts';

let ctx: TestContext;
let ana: TestUser, ben: TestUser, pending: TestUser, admin: TestUser;
let group: { id: string };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const call = caller(() => ctx.app);

type Seed = { likes: number; comments: number; ageDays: number };
/** Posts written straight into the table: more than the per-hour post limit, with chosen likes, comments and ages. */
async function seedPosts(communityId: string, seeds: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, s] of seeds.entries()) {
    const [row] = await queryRows<{ id: string }>(ctx.db, sql`
      INSERT INTO posts (community_id, author_id, title, content, likes_count, comments_count, created_at)
      VALUES (${communityId}, ${ana.id}, ${`Post ${i}`}, 'Text', ${s.likes}, ${s.comments},
        now() - make_interval(days => ${s.ageDays}) - make_interval(secs => ${i}))
      RETURNING id`);
    ids.push(row.id);
  }
  return ids;
}

/** Every page of a list, following nextCursor. */
async function allPages(url: string, user: TestUser = ben): Promise<Post[][]> {
  const pages: Post[][] = [];
  let before: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await call('GET', before ? `${url}${sep}before=${encodeURIComponent(before)}` : url, user);
    expect(res.status).toBe(200);
    const page = res.body as PostsPage;
    pages.push(page.posts);
    before = page.nextCursor;
  } while (before && pages.length < 10);
  return pages;
}

beforeAll(async () => {
  // No kept pages: rows are written straight into the table between reads.
  ctx = await createTestContext({ config: { FORUM_CACHE_MS: '0' } });
  ana = await createUser(ctx.db, { name: 'Ana Author' });
  ben = await createUser(ctx.db, { name: 'Ben Reader' });
  pending = await createUser(ctx.db, { status: 'pending' });
  admin = await createAdmin(ctx.db);
  group = await createCommunity(ctx.db, { name: 'Sorting Group' }, [ana.id]);
});
afterAll(async () => ctx?.close());

describe('GET posts sorted (feed and community)', () => {
  let seeds: Seed[];
  let ids: string[];
  const byId = () => new Map(ids.map((id, i) => [id, seeds[i]]));
  beforeAll(async () => {
    // 27 posts: likes with many ties, some with comments, ages from today to 40 days.
    seeds = Array.from({ length: 27 }, (_, i) => ({ likes: (i * 7) % 5, comments: i % 3 === 0 ? 2 : 0, ageDays: i % 4 === 3 ? 40 : i % 4 === 2 ? 10 : 0 }));
    ids = await seedPosts(group.id, seeds);
  });

  it('Top over all time: most liked first, ties by id, every post exactly once across pages', async () => {
    const pages = await allPages(`/api/forumPosts/community/${group.id}?sort=top&period=all`);
    expect(pages.map((p) => p.length)).toEqual([20, 7]);
    const seen = pages.flat();
    const seed = byId();
    const expected = [...ids].sort((a, b) => seed.get(b)!.likes - seed.get(a)!.likes || (a < b ? 1 : -1));
    expect(seen.map((p) => p._id)).toEqual(expected);
    expect(seen.map((p) => p.likesCount)).toEqual(expected.map((id) => seed.get(id)!.likes));
  });

  it('Top in a week or a month counts only the posts written in it', async () => {
    const seed = byId();
    const week = (await allPages(`/api/forumPosts/community/${group.id}?sort=top&period=week`)).flat();
    expect(week.length).toBe(ids.filter((id) => seed.get(id)!.ageDays === 0).length);
    const month = (await allPages(`/api/forumPosts/community/${group.id}?sort=top`.concat('&period=month'))).flat();
    expect(month.map((p) => p._id).sort()).toEqual(ids.filter((id) => seed.get(id)!.ageDays <= 10).sort());
    const likes = month.map((p) => p.likesCount);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });

  it('Unanswered: only posts without comments, newest first, in exact pages', async () => {
    const pages = await allPages(`/api/forumPosts/community/${group.id}?sort=unanswered`);
    const seen = pages.flat();
    const seed = byId();
    expect(seen.every((p) => p.commentsCount === 0)).toBe(true);
    expect(seen.map((p) => p._id).sort()).toEqual(ids.filter((id) => seed.get(id)!.comments === 0).sort());
    const times = seen.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('Latest stays the default and the feed sorts the same way', async () => {
    const latest = (await allPages(`/api/forumPosts/community/${group.id}`)).flat();
    expect(latest.length).toBe(27);
    expect((await allPages(`/api/forumPosts/community/${group.id}?sort=latest`)).flat()).toEqual(latest);
    const feedTop = (await allPages('/api/forumPosts/feed?sort=top&period=all')).flat();
    expect(feedTop.length).toBe(27);
    expect(feedTop[0].likesCount).toBe(4);
  });

  it('moves a post up Top when it is liked, and out of Unanswered when it is answered', async () => {
    const [fresh] = await seedPosts(group.id, [{ likes: 4, comments: 0, ageDays: 0 }]);
    await call('POST', `/api/forumPosts/${fresh}/like`, ben, { liked: true });
    const top = (await call('GET', `/api/forumPosts/feed?sort=top&period=week`, ben)).body as PostsPage;
    expect(top.posts[0]).toMatchObject({ _id: fresh, likesCount: 5 });
    const unansweredBefore = (await allPages('/api/forumPosts/feed?sort=unanswered')).flat().map((p) => p._id);
    expect(unansweredBefore).toContain(fresh);
    await call('POST', `/api/forumPosts/${fresh}/comments`, ben, { content: 'An answer' });
    expect((await allPages('/api/forumPosts/feed?sort=unanswered')).flat().map((p) => p._id)).not.toContain(fresh);
  });

  it.each([
    ['sort=newest', 'Invalid sort: must be latest, top or unanswered'],
    ['sort=top&period=year', 'Invalid period: must be week, month or all'],
    ['sort=top&before=nope', 'Invalid before: not a valid cursor'],
  ])('refuses %s with 400', async (query, msg) => {
    for (const base of ['/api/forumPosts/feed', `/api/forumPosts/community/${group.id}`]) {
      const res = await call('GET', `${base}?${query}`, ben);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
  });

  it('refuses a cursor of one order in another', async () => {
    const latest = (await call('GET', `/api/forumPosts/community/${group.id}`, ben)).body as PostsPage;
    const top = (await call('GET', `/api/forumPosts/community/${group.id}?sort=top&period=all`, ben)).body as PostsPage;
    const mixed = [
      `/api/forumPosts/community/${group.id}?sort=top&before=${latest.nextCursor}`,
      `/api/forumPosts/community/${group.id}?sort=unanswered&before=${top.nextCursor}`,
    ];
    for (const url of mixed) expect((await call('GET', url, ben)).body).toEqual({ msg: 'Invalid before: not a valid cursor', code: 'BAD_REQUEST' });
  });

  it('is for verified members and administrators: pending members get 403, visitors 401', async () => {
    expect((await call('GET', '/api/forumPosts/feed?sort=top', admin)).status).toBe(200);
    expect((await call('GET', '/api/forumPosts/feed?sort=top', pending)).status).toBe(403);
    expect((await call('GET', `/api/forumPosts/community/${group.id}?sort=unanswered`)).status).toBe(401);
    expect((await call('GET', `/api/forumPosts/community/${UNKNOWN_ID}?sort=top`, ben)).status).toBe(404);
  });
});

describe('bookmarks', () => {
  const save = (user: TestUser, id: string) => call('PUT', `/api/forumPosts/${id}/bookmark`, user);
  const unsave = (user: TestUser, id: string) => call('DELETE', `/api/forumPosts/${id}/bookmark`, user);

  it('saves and unsaves a post; the post says so to its saver only, in its own read and in pages', async () => {
    const [id] = await seedPosts(group.id, [{ likes: 0, comments: 0, ageDays: 0 }]);
    expect(await save(ben, id)).toEqual({ status: 200, body: { bookmarked: true } });
    expect(await save(ben, id)).toEqual({ status: 200, body: { bookmarked: true } }); // twice is once
    expect(((await call('GET', `/api/forumPosts/${id}`, ben)).body as Post).bookmarked).toBe(true);
    expect(((await call('GET', `/api/forumPosts/${id}`, ana)).body as Post).bookmarked).toBe(false);
    const find = async (user: TestUser) =>
      ((await call('GET', `/api/forumPosts/community/${group.id}`, user)).body as PostsPage).posts.find((p) => p._id === id);
    expect((await find(ben))?.bookmarked).toBe(true);
    expect((await find(ana))?.bookmarked).toBe(false);
    expect(await unsave(ben, id)).toEqual({ status: 200, body: { bookmarked: false } });
    expect((await find(ben))?.bookmarked).toBe(false);
  });

  it('lists the reader\'s saved posts newest saved first, in exact cursor pages, and nobody else\'s', async () => {
    const reader = await createUser(ctx.db, { name: 'Cai Saver' });
    const ids = await seedPosts(group.id, Array.from({ length: 23 }, () => ({ likes: 0, comments: 0, ageDays: 1 })));
    for (const [i, id] of ids.entries()) {
      await ctx.db.execute(sql`INSERT INTO post_bookmarks (user_id, post_id, created_at) VALUES (${reader.id}, ${id}, now() - make_interval(secs => ${100 - i}))`);
    }
    await save(ben, ids[0]);
    const pages = await allPages('/api/bookmarks', reader);
    expect(pages.map((p) => p.length)).toEqual([20, 3]);
    expect(pages.flat().map((p) => p._id)).toEqual([...ids].reverse());
    expect(pages.flat().every((p) => p.bookmarked)).toBe(true);
    expect((await allPages('/api/bookmarks', ana)).flat()).toEqual([]);
  });

  it('lists only posts the reader can still read: deleted and removed posts drop out', async () => {
    const reader = await createUser(ctx.db, { name: 'Dee Saver' });
    const mine = (await call('POST', '/api/forumPosts', ana, { title: 'Will go', content: 'x' })).body as Post;
    const [removed, kept] = await seedPosts(group.id, [{ likes: 0, comments: 0, ageDays: 0 }, { likes: 0, comments: 0, ageDays: 0 }]);
    for (const id of [mine._id, removed, kept]) expect((await save(reader, id)).status).toBe(200);
    await call('DELETE', `/api/forumPosts/${mine._id}`, ana);
    await call('DELETE', `/api/admin/forumPosts/${removed}`, admin);
    expect((await allPages('/api/bookmarks', reader)).flat().map((p) => p._id)).toEqual([kept]);
    expect(await save(reader, removed)).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
  });

  it('answers 404 for an unknown post, 400 for a bad id or cursor; pending members 403, visitors 401', async () => {
    const [id] = await seedPosts(group.id, [{ likes: 0, comments: 0, ageDays: 0 }]);
    expect(await save(ben, UNKNOWN_ID)).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
    expect((await save(ben, 'nope')).status).toBe(400);
    expect((await call('GET', '/api/bookmarks?before=nope', ben)).status).toBe(400);
    expect((await call('GET', `/api/bookmarks?before=${'x'.repeat(500)}`, ben)).status).toBe(400);
    expect((await save(pending, id)).status).toBe(403);
    expect((await call('GET', '/api/bookmarks', pending)).status).toBe(403);
    expect((await call('PUT', `/api/forumPosts/${id}/bookmark`)).status).toBe(401);
    expect((await call('GET', '/api/bookmarks')).status).toBe(401);
    expect(await save(admin, id)).toEqual({ status: 200, body: { bookmarked: true } });
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM post_bookmarks WHERE post_id = ${id} AND user_id = ${pending.id}`)).toEqual([]);
  });
});
