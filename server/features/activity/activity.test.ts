import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FeedResponse, type FeedItem } from '../../../common/activity.ts';
import { ACTIVITY_FEED_SIZE } from '../../../common/constants.ts';
import { posts, resources, users } from '../../db/schema.ts';
import { createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { at, feedFixtures } from './test-feed-fixtures.ts';
import { feedSql } from './queries.ts';

let ctx: TestContext;
let viewer: TestUser;
let author: TestUser;
let community: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  viewer = await createUser(ctx.db);
  author = await createUser(ctx.db, { name: 'Priya Author' });
  community = await createCommunity(ctx.db, { name: 'Trauma Circle' });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(posts);
  await ctx.db.delete(resources);
});

const { addPost, addComment, insertResource } = feedFixtures({ ctx: () => ctx, communityId: () => community.id, authorId: () => author.id });
/** A resource published `minutesAgo`, submitted long before. */
const addResource = (minutesAgo: number, overrides: Partial<typeof resources.$inferInsert> = {}) => insertResource({
  title: `Resource ${minutesAgo}`, isApproved: true, approvedAt: at(minutesAgo), createdAt: at(minutesAgo + 1000), ...overrides,
});

async function feed(query = '', user: TestUser | null = viewer) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/activity/feed${query}`, headers: user?.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const items = res.json() as FeedItem[];
  // Both paths (the shared first page and cursor pages) answer exactly the schema's shape.
  expect(FeedResponse.parse(items)).toEqual(items);
  return items;
}

describe('GET /api/activity/feed', () => {
  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/activity/feed' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBeTruthy();
  });

  it('says 401 to a signed-out caller and 403 to a pending member before checking the cursor', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/activity/feed?before=yesterday&beforeId=nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ msg: 'Please log in to continue.', code: 'UNAUTHORIZED' });
    const pending = await createUser(ctx.db, { status: 'pending' });
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/activity/feed?before=yesterday', headers: pending.headers });
    expect(refused.json()).toEqual({ msg: 'Your licence has not been verified yet.', code: 'NOT_VERIFIED' });
    const checked = await ctx.app.inject({ method: 'GET', url: '/api/activity/feed?before=yesterday', headers: viewer.headers });
    expect(checked.statusCode).toBe(400);
  });

  it('gives posts, comments and published resources newest first, with exactly the spec\'s fields and the author\'s id', async () => {
    const post = await addPost(30);
    const comment = await addComment(post.id, 20);
    const resource = await addResource(10);
    expect(await feed()).toEqual([
      { type: 'NEW_RESOURCE', _id: resource.id, createdAt: '2026-03-01T11:50:00.000000Z', title: 'Resource 10' },
      {
        type: 'NEW_COMMENT', _id: comment.id, createdAt: '2026-03-01T11:40:00.000000Z', author: { _id: author.id, name: 'Priya Author' },
        post: { _id: post.id, title: 'Post 30', community: { _id: community.id, name: 'Trauma Circle' } },
      },
      {
        type: 'NEW_POST', _id: post.id, createdAt: '2026-03-01T11:30:00.000000Z', title: 'Post 30',
        author: { _id: author.id, name: 'Priya Author' }, community: { _id: community.id, name: 'Trauma Circle' },
      },
    ]);
  });

  it('skips posts without a community and comments on them', async () => {
    const loose = await addPost(5, { communityId: null, title: 'No community' });
    await addComment(loose.id, 4);
    const kept = await addPost(6);
    expect((await feed()).map((i) => i._id)).toEqual([kept.id]);
  });

  it('skips deleted comments', async () => {
    const post = await addPost(10);
    const removed = await addComment(post.id, 2, { deleted: true });
    const kept = await addComment(post.id, 3);
    const ids = (await feed()).map((i) => i._id);
    expect(ids).toEqual([kept.id, post.id]);
    expect(ids).not.toContain(removed.id);
  });

  it('skips items whose author has no name, and posts of a community with no name', async () => {
    const nameless = await createUser(ctx.db, { name: '' });
    const post = await addPost(10, { authorId: nameless.id });
    await addComment(post.id, 5, { authorId: nameless.id });
    const unnamed = await createCommunity(ctx.db, { name: '' });
    await addPost(3, { communityId: unnamed.id });
    const comment = await addComment(post.id, 4);
    expect((await feed()).map((i) => i._id)).toEqual([comment.id]);
  });

  it('drops everything of a community, post or author that is gone', async () => {
    const leaving = await createUser(ctx.db, { name: 'Leaving Soon' });
    const post = await addPost(10, { authorId: leaving.id });
    await addComment(post.id, 5);
    const group = await createCommunity(ctx.db);
    const other = await addPost(8, { communityId: group.id });
    await addComment(other.id, 7);
    await ctx.db.delete(users).where(eq(users.id, leaving.id));
    await ctx.db.delete(posts).where(eq(posts.id, other.id));
    expect(await feed()).toEqual([]);
  });

  it('includes approved resources only, at their approval time', async () => {
    await addResource(1, { isApproved: false, approvedAt: null, title: 'Pending' });
    const older = await addResource(50, { title: 'Approved long ago' });
    const post = await addPost(30);
    expect((await feed()).map((i) => i._id)).toEqual([post.id, older.id]);
  });

  it('keeps the newest 30 items and pages on with the last item as the cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const post = await addPost(i * 3 + 2);
      const comment = await addComment(post.id, i * 3 + 1);
      ids.push(comment.id, post.id);
    }
    ids.push((await addResource(200)).id);
    // ids is newest first: comment 1, post 2, comment 4, ... resource
    const first = await feed();
    expect(first).toHaveLength(ACTIVITY_FEED_SIZE);
    expect(first.map((i) => i._id)).toEqual(ids.slice(0, 30));
    const last = first[first.length - 1];
    const second = await feed(`?before=${encodeURIComponent(last.createdAt)}&beforeId=${last._id}`);
    expect(second.map((i) => i._id)).toEqual(ids.slice(30));
  });

  it('neither loses nor repeats items that share a timestamp across pages', async () => {
    const same = at(1);
    const post = await addPost(100);
    const made: string[] = [];
    for (let i = 0; i < 40; i++) made.push((await addComment(post.id, 0, { createdAt: same })).id);
    const seen: string[] = [];
    let query = '';
    for (let guard = 0; guard < 5; guard++) {
      const items = await feed(query);
      if (!items.length) break;
      seen.push(...items.map((i) => i._id));
      const last = items[items.length - 1];
      query = `?before=${encodeURIComponent(last.createdAt)}&beforeId=${last._id}`;
    }
    expect(seen).toHaveLength(41);
    expect(new Set(seen).size).toBe(41);
    expect(seen.slice(0, 40).sort()).toEqual([...made].sort());
    expect(seen[40]).toBe(post.id);
  });

  it('pages by time alone when only before is given', async () => {
    const older = await addPost(20);
    await addPost(10);
    expect((await feed(`?before=${encodeURIComponent(at(15).toISOString())}`)).map((i) => i._id)).toEqual([older.id]);
  });

  it.each([['before=yesterday', 'before'], ['before=2026-01-01T00:00:00Z&beforeId=nope', 'beforeId']])(
    'refuses ?%s with a 400', async (query, field) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/activity/feed?${query}`, headers: viewer.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(new RegExp(`^Invalid ${field}`));
    });
});

describe('the first page read once for overlapping requests (read-cache.test.ts has the cache itself)', () => {
  it('answers overlapping feed requests alike', async () => {
    await ctx.db.delete(posts);
    const post = await addPost(1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => feed()));
    for (const items of answers) expect(items.map((i) => i._id)).toEqual([post.id]);
  });

  it('writes its limit into the prepared statement, so a generic plan knows it reads only 30 rows of each index', () => {
    const built = new PgDialect().sqlToQuery(feedSql({ before: '2026-03-01T12:00:00.000Z', beforeId: viewer.id }, ACTIVITY_FEED_SIZE));
    expect(built.sql).toContain(`LIMIT ${ACTIVITY_FEED_SIZE}`);
    expect(built.params).not.toContain(ACTIVITY_FEED_SIZE);
    expect(() => feedSql({}, 0)).toThrow();
    expect(() => feedSql({}, 1.5)).toThrow();
  });
});
