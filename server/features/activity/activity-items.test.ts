// activity_items (migration 0151) is kept by triggers: whatever writes posts, comments and resources (the app's
// services or plain SQL), the table holds exactly what the sources say, and the feed read from it shows what the rules
// say. Each case checks both: the feed the API answers, and the table against the sources.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FeedItem } from '../../../common/activity.ts';
import { queryRows } from '../../db/client.ts';
import { removeComments } from '../../db/comment-tree.ts';
import { communities, posts, resources, users } from '../../db/schema.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { at, feedFixtures } from './test-feed-fixtures.ts';

let ctx: TestContext;
let viewer: TestUser;
let admin: TestUser;
let author: TestUser;
let community: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  viewer = await createUser(ctx.db);
  admin = await createAdmin(ctx.db);
  author = await createUser(ctx.db, { name: 'Priya Author' });
  community = await createCommunity(ctx.db, { name: 'Trauma Circle' });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(posts);
  await ctx.db.delete(resources);
});

const { addPost, addComment, insertResource: addResource } = feedFixtures({
  ctx: () => ctx, communityId: () => community.id, authorId: () => author.id,
});

async function feed(): Promise<FeedItem[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/activity/feed', headers: viewer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedItem[];
}
const ids = async () => (await feed()).map((i) => i._id);

/** The table's rows and the rows the sources call for, both sorted: they must be equal after any write. */
async function expectInStep(): Promise<void> {
  const columns = sql`to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at, id::text, type, post_id::text, author_id::text, title`;
  const kept = await queryRows(ctx.db, sql`SELECT ${columns} FROM activity_items ORDER BY at, id`);
  const due = await queryRows(ctx.db, sql`SELECT ${columns} FROM (
    SELECT created_at AS at, id, 'NEW_POST' AS type, id AS post_id, author_id, NULL AS title FROM posts
    UNION ALL SELECT created_at, id, 'NEW_COMMENT', post_id, author_id, NULL FROM comments WHERE NOT deleted
    UNION ALL SELECT approved_at, id, 'NEW_RESOURCE', NULL, NULL, title FROM resources
      WHERE is_approved AND approved_at IS NOT NULL AND title <> '') s ORDER BY at, id`);
  expect(kept).toEqual(due);
}

describe('activity_items follows the sources', () => {
  it('drops a comment deleted by the tree rule, kept as [deleted] or removed', async () => {
    const post = await addPost(10);
    const parent = await addComment(post.id, 5);
    const reply = await addComment(post.id, 4, { parentId: parent.id });
    const alone = await addComment(post.id, 3);
    await removeComments(ctx.db, [parent.id, alone.id]);
    // The parent stays as '[deleted]' under its reply; the other is gone; neither is news any more.
    expect(await ids()).toEqual([reply.id, post.id]);
    await expectInStep();
  });

  it('shows a resource from its approval, at its approval time, and drops it when unapproved or removed', async () => {
    const resource = await addResource({ createdAt: at(100) });
    expect(await ids()).toEqual([]);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/resources/${resource.id}/approve`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [shown] = await feed();
    expect(shown).toMatchObject({ type: 'NEW_RESOURCE', _id: resource.id, title: 'A resource' });
    expect(Date.parse(shown.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    await expectInStep();

    await ctx.db.update(resources).set({ title: 'Renamed resource' }).where(eq(resources.id, resource.id));
    expect((await feed())[0]).toMatchObject({ _id: resource.id, title: 'Renamed resource' });
    await ctx.db.update(resources).set({ isApproved: false }).where(eq(resources.id, resource.id));
    expect(await ids()).toEqual([]);
    await ctx.db.update(resources).set({ isApproved: true, approvedAt: at(1) }).where(eq(resources.id, resource.id));
    expect(await ids()).toEqual([resource.id]);
    await ctx.db.delete(resources).where(eq(resources.id, resource.id));
    expect(await ids()).toEqual([]);
    await expectInStep();
  });

  it('drops a removed post with its comments, and moves a post whose time changes', async () => {
    const removed = await addPost(10);
    await addComment(removed.id, 5);
    const kept = await addPost(20);
    const comment = await addComment(kept.id, 15);
    await ctx.db.delete(posts).where(eq(posts.id, removed.id));
    expect(await ids()).toEqual([comment.id, kept.id]);
    await ctx.db.update(posts).set({ createdAt: at(1) }).where(eq(posts.id, kept.id));
    expect(await ids()).toEqual([kept.id, comment.id]);
    await expectInStep();
  });

  it('drops everything of a community removed by an administrator', async () => {
    const group = await createCommunity(ctx.db, { name: 'Closing Group' });
    const post = await addPost(10, { communityId: group.id });
    await addComment(post.id, 5);
    const other = await addPost(20);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/communities/${group.id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids()).toEqual([other.id]);
    await expectInStep();
  });

  it('shows a renamed author, community and post title at once, and skips them while a name is empty', async () => {
    const post = await addPost(10);
    const comment = await addComment(post.id, 5);
    await ctx.db.update(users).set({ name: 'Priya Renamed' }).where(eq(users.id, author.id));
    await ctx.db.update(communities).set({ name: 'Trauma Circle Renamed' }).where(eq(communities.id, community.id));
    await ctx.db.update(posts).set({ title: 'Edited title' }).where(eq(posts.id, post.id));
    const [c, p] = await feed();
    expect(c).toMatchObject({ _id: comment.id, author: { name: 'Priya Renamed' }, post: { title: 'Edited title', community: { name: 'Trauma Circle Renamed' } } });
    expect(p).toMatchObject({ _id: post.id, title: 'Edited title', author: { name: 'Priya Renamed' }, community: { name: 'Trauma Circle Renamed' } });
    // The skipping rules are the page's joins: a post's community needs a name, a comment's post a title.
    await ctx.db.update(communities).set({ name: '' }).where(eq(communities.id, community.id));
    expect(await ids()).toEqual([comment.id]);
    await ctx.db.update(posts).set({ title: '' }).where(eq(posts.id, post.id));
    expect(await ids()).toEqual([]);
    await ctx.db.update(communities).set({ name: 'Trauma Circle' }).where(eq(communities.id, community.id));
    await ctx.db.update(posts).set({ title: 'Back' }).where(eq(posts.id, post.id));
    await ctx.db.update(users).set({ name: 'Priya Author' }).where(eq(users.id, author.id));
    expect(await ids()).toEqual([comment.id, post.id]);
    await expectInStep();
  });

  it('follows an author who leaves: erased content goes, kept content shows as Deleted member, a deleted row takes all', async () => {
    const leaving = await createUser(ctx.db, { name: 'Leaving Member' });
    const theirs = await addPost(30, { authorId: leaving.id });
    const reply = await addComment(theirs.id, 20);
    const kept = await addComment(theirs.id, 10, { authorId: leaving.id });
    const erase = await ctx.app.inject({
      method: 'DELETE', url: `/api/admin/users/${leaving.id}`, headers: admin.headers, payload: { deleteContent: false },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const shown = await feed();
    expect(shown.map((i) => i._id)).toEqual([kept.id, reply.id, theirs.id]);
    expect(shown[0]).toMatchObject({ author: { name: 'Deleted member' } });
    await ctx.db.delete(users).where(eq(users.id, leaving.id));
    expect(await ids()).toEqual([]);
    await expectInStep();
  });

  it('drops an erased member\'s comments and posts when their content goes with them', async () => {
    const leaving = await createUser(ctx.db, { name: 'Erased Member' });
    const theirs = await addPost(30, { authorId: leaving.id });
    const other = await addPost(40);
    const mine = await addComment(other.id, 20, { authorId: leaving.id });
    const erase = await ctx.app.inject({
      method: 'DELETE', url: `/api/admin/users/${leaving.id}`, headers: admin.headers, payload: { deleteContent: true },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const shown = await ids();
    expect(shown).not.toContain(theirs.id);
    expect(shown).not.toContain(mine.id);
    expect(shown).toEqual([other.id]);
    await expectInStep();
  });

  it('answers the JSON that JSON.stringify writes, byte for byte, whatever the names hold', async () => {
    // PostgreSQL writes the page's JSON (queries.ts): quotes, backslashes, controls, emoji and non-Latin text.
    const odd = 'Say "hi" \\ back\nnext\tline \u0001\u001f \u2028 😀 café 日本';
    const group = await createCommunity(ctx.db, { name: `Group ${odd}` });
    const writer = await createUser(ctx.db, { name: `Name ${odd}` });
    const post = await addPost(10, { communityId: group.id, authorId: writer.id, title: `Title ${odd}` });
    await addComment(post.id, 5, { authorId: writer.id });
    await addResource({ title: `Resource ${odd}`, isApproved: true, approvedAt: at(1) });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/activity/feed', headers: viewer.headers });
    const items = res.json() as FeedItem[];
    expect(items).toHaveLength(3);
    expect(items[2]).toMatchObject({ title: `Title ${odd}`, author: { name: `Name ${odd}` }, community: { name: `Group ${odd}` } });
    expect(res.body).toBe(JSON.stringify(items));
    const empty = await ctx.app.inject({ method: 'GET', url: `/api/activity/feed?before=${encodeURIComponent(at(1000).toISOString())}`, headers: viewer.headers });
    expect(empty.body).toBe('[]');
  });

  it('empties with a truncated table', async () => {
    const post = await addPost(10);
    await addComment(post.id, 5);
    await addResource({ isApproved: true, approvedAt: at(1) });
    await ctx.db.execute(sql`TRUNCATE comments CASCADE`);
    await expectInStep();
    await ctx.db.execute(sql`TRUNCATE resources CASCADE`);
    expect(await ids()).toEqual([post.id]);
    await expectInStep();
  });
});
