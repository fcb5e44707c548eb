import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import type { Comment, Post } from '../../../common/posts.ts';

// The forum's shared pages kept as in production (FORUM_CACHE_MS), here for a minute: a row written behind the app's
// back stays unseen, while every write through the app shows at once to its writer and to everyone else.
let ctx: TestContext;
let ana: TestUser;
let ben: TestUser;
let group: { id: string; name: string };

const call = caller(() => ctx.app);
const feedIds = async (user: TestUser) => (await call('GET', '/api/forumPosts/feed', user)).body.posts.map((p: Post) => p._id);

beforeAll(async () => {
  ctx = await createTestContext({ config: { FORUM_CACHE_MS: '60000' } });
  ana = await createUser(ctx.db, { name: 'Ana Kept' });
  ben = await createUser(ctx.db, { name: 'Ben Kept' });
  group = await createCommunity(ctx.db, { name: 'Kept Group' }, [ana.id]);
});
afterAll(async () => {
  await ctx?.close();
});

describe('forum pages kept for FORUM_CACHE_MS', () => {
  it('answers from the kept page until a write through the app', async () => {
    const first = await feedIds(ben);
    const [hidden] = await ctx.db.insert(posts).values({ title: 'Behind the back', content: 'x', authorId: ana.id }).returning({ id: posts.id });
    expect(await feedIds(ben)).toEqual(first);
    const created = (await call('POST', '/api/forumPosts', ana, { title: 'Through the app', content: 'y', communityId: group.id })).body as Post;
    const after = await feedIds(ben);
    expect(after.slice(0, 2)).toEqual([created._id, hidden.id]);
  });

  it('shows likes, comments and joins to everyone at once', async () => {
    const post = (await call('POST', '/api/forumPosts', ana, { title: 'Kept post', content: 'z' })).body as Post;
    expect((await call('GET', `/api/forumPosts/${post._id}`, ana)).body.likesCount).toBe(0);
    expect((await call('GET', `/api/forumPosts/${post._id}/comments`, ana)).body.comments).toEqual([]);
    await call('POST', `/api/forumPosts/${post._id}/like`, ben, { liked: true });
    const comment = (await call('POST', `/api/forumPosts/${post._id}/comments`, ben, { content: 'Seen at once' })).body as Comment;
    expect((await call('GET', `/api/forumPosts/${post._id}`, ana)).body).toMatchObject({ likesCount: 1, commentsCount: 1 });
    expect((await call('GET', `/api/forumPosts/${post._id}/comments`, ana)).body.comments.map((c: Comment) => c._id)).toEqual([comment._id]);
    await call('POST', `/api/forumPosts/comments/${comment._id}/like`, ana, { liked: true });
    expect((await call('GET', `/api/forumPosts/${post._id}/comments`, ben)).body.comments[0].likesCount).toBe(1);

    const listed = async () => (await call('GET', '/api/communities?page=1&limit=9', ana)).body.communities
      .find((c: { _id: string }) => c._id === group.id).membersCount;
    const before = await listed();
    await call('POST', `/api/communities/${group.id}/join`, ben);
    expect(await listed()).toBe(before + 1);
  });

  it('keeps one comments page per post and cursor, whatever `limit` asks for', async () => {
    const post = (await call('POST', '/api/forumPosts', ana, { title: 'Thread', content: 'z' })).body as Post;
    const made: string[] = [];
    for (const content of ['one', 'two']) made.push(((await call('POST', `/api/forumPosts/${post._id}/comments`, ben, { content })).body as Comment)._id);
    const page = async (query: string) => (await call('GET', `/api/forumPosts/${post._id}/comments?${query}`, ana)).body as
      { comments: Comment[]; nextCursor: string | null };
    const first = await page('limit=1');
    expect(first.comments.map((c) => c._id)).toEqual(made.slice(0, 1));
    expect(first.nextCursor).not.toBeNull();
    // Behind the app's back: only a new read would see it, and no other limit may start one.
    await ctx.db.insert(comments).values({ postId: post._id, authorId: ana.id, content: 'hidden' });
    for (const query of ['limit=2', 'limit=5', '', 'limit=500']) {
      const answer = await page(query);
      expect(answer.comments.map((c) => c._id)).toEqual(made);
      expect(answer.nextCursor).toBeNull();
    }
    // Another cursor is another page, read afresh.
    const next = await page(`limit=1&after=${encodeURIComponent(first.nextCursor!)}`);
    expect(next.comments.map((c) => c._id)).toEqual(made.slice(1));
    expect(next.nextCursor).not.toBeNull();
  });
});
