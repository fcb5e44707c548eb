// Editing posts and comments: the author, or an administrator (audited); the spec's limits; new mentions
// only are notified; and "Remove as administrator", separate from the author's delete and audited.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { caller } from '../../test/http.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { mentionMarkup } from '../../../common/mentions.ts';
import { REMOVED_BY_MODERATOR } from '../../../common/moderation.ts';
import {
  COMMENT_NOT_FOUND, COMMENT_REQUIRED, ONLY_AUTHOR_OR_ADMIN_EDITS, POST_NOT_FOUND, REMOVED_POST_NOT_EDITABLE, TITLE_CONTENT_REQUIRED,
  type Comment, type Post,
} from '../../../common/posts.ts';

let { ctx, ana, ben, pending, admin } = {} as Cast;
let cai: TestUser;
let dee: TestUser;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const call = caller(() => ctx.app);

const newPost = async (user: TestUser, content = 'Some content') =>
  (await call('POST', '/api/forumPosts', user, { title: 'A title', content })).body as Post;
const newComment = async (postId: string, user: TestUser, content = 'A comment') =>
  (await call('POST', `/api/forumPosts/${postId}/comments`, user, { content })).body as Comment;
const mention = (user: TestUser) => mentionMarkup(user.name, user.id);
const mentionsOf = async (user: TestUser) => (await queryRows<{ n: number }>(ctx.db, sql`
  SELECT count(*)::int AS n FROM notifications WHERE user_id = ${user.id} AND type = 'mention'`))[0].n;
const auditOf = async (targetId: string) => queryRows<{ action: string; actor_id: string; detail: Record<string, unknown> }>(ctx.db, sql`
  SELECT action, actor_id, detail FROM audit_log WHERE target_id = ${targetId} ORDER BY created_at`);
const comments = async (postId: string, user: TestUser = ana) =>
  ((await call('GET', `/api/forumPosts/${postId}/comments`, user)).body as { comments: Comment[] }).comments;

beforeAll(async () => {
  ({ ctx, ana, ben, pending, admin } = await createCast({ ana: 'Ana Author', ben: 'Ben Reader' }));
  cai = await createUser(ctx.db, { name: 'Cai Colleague' });
  dee = await createUser(ctx.db, { name: 'Dee Colleague' });
});
afterAll(async () => ctx?.close());

describe('PUT /api/forumPosts/{id}', () => {
  it('lets the author edit title and content, marks it edited, and shows the edit to every reader', async () => {
    const post = await newPost(ana);
    expect(post.editedAt).toBeNull();
    const res = await call('PUT', `/api/forumPosts/${post._id}`, ana, { title: '  New title ', content: 'New **content**' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: post._id, title: 'New title', content: 'New **content**', createdAt: post.createdAt });
    expect(Date.parse(res.body.editedAt)).toBeGreaterThanOrEqual(Date.parse(post.createdAt));
    const seen = (await call('GET', `/api/forumPosts/${post._id}`, ben)).body as Post;
    expect(seen).toMatchObject({ title: 'New title', editedAt: res.body.editedAt });
    const feed = (await call('GET', '/api/forumPosts/feed', ben)).body as { posts: Post[] };
    expect(feed.posts.find((p) => p._id === post._id)?.editedAt).toBe(res.body.editedAt);
    expect(await auditOf(post._id)).toEqual([]); // an author's own edit is not an administrator action
  });

  it('refuses other members and pending members, and a visitor', async () => {
    const post = await newPost(ana);
    const body = { title: 'Taken over', content: 'x' };
    expect(await call('PUT', `/api/forumPosts/${post._id}`, ben, body)).toEqual({ status: 403, body: { msg: ONLY_AUTHOR_OR_ADMIN_EDITS, code: 'FORBIDDEN' } });
    expect((await call('PUT', `/api/forumPosts/${post._id}`, pending, body)).status).toBe(403);
    expect((await call('PUT', `/api/forumPosts/${post._id}`, undefined, body)).status).toBe(401);
    expect(((await call('GET', `/api/forumPosts/${post._id}`, ana)).body as Post).title).toBe('A title');
  });

  it('lets an administrator edit anyone\'s post, audited without the text', async () => {
    const post = await newPost(ana);
    const res = await call('PUT', `/api/forumPosts/${post._id}`, admin, { title: 'Tidied title', content: 'Tidied content' });
    expect(res.status).toBe(200);
    expect(res.body.author._id).toBe(ana.id);
    const audit = await auditOf(post._id);
    expect(audit).toEqual([{ action: 'post.edit', actor_id: admin.id, detail: { title: 'Tidied title', authorId: ana.id } }]);
    const log = (await call('GET', '/api/admin/audit', admin)).body as { entries: { action: string; targetName: string | null }[] };
    expect(log.entries[0]).toMatchObject({ action: 'post.edit', targetName: 'Tidied title' });
  });

  it.each([
    [{ title: '', content: 'x' }, TITLE_CONTENT_REQUIRED],
    [{ title: 'x', content: '  ' }, TITLE_CONTENT_REQUIRED],
    [{}, TITLE_CONTENT_REQUIRED],
    [{ title: 'x'.repeat(201), content: 'c' }, 'Invalid title: must be at most 200 characters'],
    [{ title: 't', content: 'x'.repeat(20_001) }, 'Invalid content: must be at most 20000 characters'],
    [{ title: 't', content: 'c', extra: 1 }, null],
  ])('validates %j like a new post, changing nothing', async (body, msg) => {
    const post = await newPost(ana);
    const res = await call('PUT', `/api/forumPosts/${post._id}`, ana, body);
    if (msg === null) return expect(res.status).toBe(200); // unknown fields are ignored, as on create
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(msg);
    expect(((await call('GET', `/api/forumPosts/${post._id}`, ana)).body as Post)).toMatchObject({ title: 'A title', editedAt: null });
  });

  it('answers 404 for an unknown post, 400 for a bad id, and 403 for a post a moderator removed', async () => {
    expect(await call('PUT', `/api/forumPosts/${UNKNOWN_ID}`, ana, { title: 't', content: 'c' })).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
    expect((await call('PUT', '/api/forumPosts/nope', ana, { title: 't', content: 'c' })).status).toBe(400);
    const post = await newPost(ana);
    expect((await call('DELETE', `/api/admin/forumPosts/${post._id}`, admin)).status).toBe(200);
    expect(await call('PUT', `/api/forumPosts/${post._id}`, ana, { title: 'Back', content: 'again' }))
      .toEqual({ status: 403, body: { msg: REMOVED_POST_NOT_EDITABLE, code: 'FORBIDDEN' } });
  });

  it('notifies only the members the edit newly mentions', async () => {
    const post = await newPost(ana, `Asking ${mention(ben)}`);
    const [benBefore, caiBefore, deeBefore] = [await mentionsOf(ben), await mentionsOf(cai), await mentionsOf(dee)];
    await call('PUT', `/api/forumPosts/${post._id}`, ana, { title: 'A title', content: `Asking ${mention(ben)} and ${mention(cai)}` });
    expect(await mentionsOf(ben)).toBe(benBefore);
    expect(await mentionsOf(cai)).toBe(caiBefore + 1);
    // Editing again with the same mentions tells nobody again.
    await call('PUT', `/api/forumPosts/${post._id}`, ana, { title: 'Another title', content: `Asking ${mention(ben)} and ${mention(cai)}!` });
    expect(await mentionsOf(cai)).toBe(caiBefore + 1);
    expect(await mentionsOf(dee)).toBe(deeBefore);
  });
});

describe('PUT /api/forumPosts/comments/{id}', () => {
  it('lets the author edit, marks it edited in the thread, and notifies only new mentions', async () => {
    const post = await newPost(ana);
    const c = await newComment(post._id, ben, `Hi ${mention(cai)}`);
    expect(c.editedAt).toBeNull();
    const [caiBefore, deeBefore] = [await mentionsOf(cai), await mentionsOf(dee)];
    const res = await call('PUT', `/api/forumPosts/comments/${c._id}`, ben, { content: `Hi ${mention(cai)} and ${mention(dee)}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: c._id, content: `Hi ${mention(cai)} and ${mention(dee)}`, parentComment: null });
    expect(res.body.editedAt).toEqual(expect.any(String));
    expect((await comments(post._id)).find((x) => x._id === c._id)?.editedAt).toBe(res.body.editedAt);
    expect(await mentionsOf(cai)).toBe(caiBefore);
    expect(await mentionsOf(dee)).toBe(deeBefore + 1);
  });

  it('refuses other members, pending members and visitors; an administrator may, audited', async () => {
    const post = await newPost(ana);
    const c = await newComment(post._id, ben);
    expect(await call('PUT', `/api/forumPosts/comments/${c._id}`, ana, { content: 'x' })).toEqual({ status: 403, body: { msg: ONLY_AUTHOR_OR_ADMIN_EDITS, code: 'FORBIDDEN' } });
    expect((await call('PUT', `/api/forumPosts/comments/${c._id}`, pending, { content: 'x' })).status).toBe(403);
    expect((await call('PUT', `/api/forumPosts/comments/${c._id}`, undefined, { content: 'x' })).status).toBe(401);
    expect((await call('PUT', `/api/forumPosts/comments/${c._id}`, admin, { content: 'Moderated wording' })).status).toBe(200);
    expect(await auditOf(c._id)).toEqual([{ action: 'comment.edit', actor_id: admin.id, detail: { postId: post._id, title: 'A title', authorId: ben.id } }]);
  });

  it.each([
    [{ content: '   ' }, 400, COMMENT_REQUIRED],
    [{}, 400, COMMENT_REQUIRED],
    [{ content: 'x'.repeat(10_001) }, 400, 'Invalid content: must be at most 10000 characters'],
    [{ content: 5 }, 400, 'Invalid content'],
  ])('validates %j like a new comment, changing nothing', async (body, status, msg) => {
    const post = await newPost(ana);
    const c = await newComment(post._id, ben);
    const res = await call('PUT', `/api/forumPosts/comments/${c._id}`, ben, body);
    expect(res.status).toBe(status);
    expect(res.body.msg).toContain(msg);
    expect((await comments(post._id))[0]).toMatchObject({ content: 'A comment', editedAt: null });
  });

  it('answers 404 for an unknown or deleted comment and 400 for a bad id', async () => {
    const post = await newPost(ana);
    const c = await newComment(post._id, ben);
    await call('DELETE', `/api/forumPosts/comments/${c._id}`, ben);
    const gone = { status: 404, body: { msg: COMMENT_NOT_FOUND, code: 'NOT_FOUND' } };
    expect(await call('PUT', `/api/forumPosts/comments/${c._id}`, ben, { content: 'back' })).toEqual(gone);
    expect(await call('PUT', `/api/forumPosts/comments/${UNKNOWN_ID}`, ben, { content: 'x' })).toEqual(gone);
    expect((await call('PUT', '/api/forumPosts/comments/nope', ben, { content: 'x' })).status).toBe(400);
  });
});

describe('Remove as administrator', () => {
  it('replaces a post with the removal note, keeps its thread, and records it in the audit log', async () => {
    const post = await newPost(ana);
    await newComment(post._id, ben);
    expect(await call('DELETE', `/api/admin/forumPosts/${post._id}`, admin)).toEqual({ status: 200, body: { msg: 'Post removed.' } });
    const seen = (await call('GET', `/api/forumPosts/${post._id}`, ben)).body as Post;
    expect(seen).toMatchObject({ title: REMOVED_BY_MODERATOR, content: REMOVED_BY_MODERATOR, commentsCount: 1 });
    expect(await auditOf(post._id)).toEqual([{ action: 'post.remove', actor_id: admin.id, detail: { title: 'A title', authorId: ana.id } }]);
    // Removed once: a second removal finds nothing to remove.
    expect(await call('DELETE', `/api/admin/forumPosts/${post._id}`, admin)).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
  });

  it('removes a comment by the tree rule and records it in the audit log', async () => {
    const post = await newPost(ana);
    const c = await newComment(post._id, ben);
    expect(await call('DELETE', `/api/admin/forumPosts/comments/${c._id}`, admin)).toEqual({ status: 200, body: { msg: 'Comment removed.' } });
    expect(await comments(post._id)).toEqual([]);
    expect(await auditOf(c._id)).toEqual([{ action: 'comment.remove', actor_id: admin.id, detail: { postId: post._id, title: 'A title', authorId: ben.id } }]);
    expect(await call('DELETE', `/api/admin/forumPosts/comments/${c._id}`, admin)).toEqual({ status: 404, body: { msg: COMMENT_NOT_FOUND, code: 'NOT_FOUND' } });
  });

  it('is for administrators only: the author, other members, pending members and visitors are refused', async () => {
    const post = await newPost(ana);
    const c = await newComment(post._id, ben);
    for (const user of [ana, ben, pending]) {
      expect((await call('DELETE', `/api/admin/forumPosts/${post._id}`, user)).status).toBe(403);
      expect((await call('DELETE', `/api/admin/forumPosts/comments/${c._id}`, user)).status).toBe(403);
    }
    expect((await call('DELETE', `/api/admin/forumPosts/${post._id}`)).status).toBe(401);
    expect((await call('DELETE', '/api/admin/forumPosts/nope', admin)).status).toBe(400);
    expect((await call('DELETE', '/api/admin/forumPosts/comments/nope', admin)).status).toBe(400);
    expect((await call('GET', `/api/forumPosts/${post._id}`, ana)).body).toMatchObject({ title: 'A title' });
    expect(await auditOf(post._id)).toEqual([]);
  });
});
