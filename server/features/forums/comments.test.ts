import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINS_ONLY, NOT_VERIFIED } from '../../lib/auth.ts';
import { queryRows } from '../../db/client.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { caller } from '../../test/http.ts';
import { type TestUser } from '../../test/factories.ts';
import {
  CANNOT_REPLY_TO_DELETED, COMMENT_NOT_FOUND, COMMENT_REQUIRED, COMMENTS_MAX_PAGE_SIZE, COMMENTS_PAGE_SIZE, CommentsPageSchema,
  DELETED_COMMENT, MAX_REPLY_DEPTH, ONLY_AUTHOR_DELETES, POST_NOT_FOUND, REPLY_TOO_DEEP, type Comment, type Post,
} from '../../../common/posts.ts';

let { ctx, ana, ben, pending, admin } = {} as Cast;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const call = caller(() => ctx.app);
const newPost = async () => (await call('POST', '/api/forumPosts', ana, { title: 'Thread', content: 'Talk' })).body as Post;
const comment = async (postId: string, user: TestUser, content = 'A comment') =>
  (await call('POST', `/api/forumPosts/${postId}/comments`, user, { content })).body as Comment;
const reply = async (parentId: string, user: TestUser, content = 'A reply') =>
  (await call('POST', `/api/forumPosts/comments/${parentId}/reply`, user, { content })).body as Comment;
const list = async (postId: string, user: TestUser = ben) =>
  (await call('GET', `/api/forumPosts/${postId}/comments`, user)).body.comments as Comment[];
const commentsCount = async (postId: string) => (await call('GET', `/api/forumPosts/${postId}`, ben)).body.commentsCount;

beforeAll(async () => {
  ({ ctx, ana, ben, pending, admin } = await createCast({ ana: 'Ana Author', ben: 'Ben Commenter' }));
});
afterAll(async () => {
  await ctx?.close();
});

describe('writing comments and replies', () => {
  it('adds a comment and a reply, listed flat and oldest first with parentComment', async () => {
    const post = await newPost();
    const first = await call('POST', `/api/forumPosts/${post._id}/comments`, ben, { content: 'Good **point**' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      _id: expect.any(String), content: 'Good **point**', author: { _id: ben.id, name: 'Ben Commenter', avatar: null },
      likes: [], likesCount: 0, parentComment: null, createdAt: expect.any(String), deleted: false, editedAt: null,
    });
    const answer = await call('POST', `/api/forumPosts/comments/${first.body._id}/reply`, ana, { content: 'Thanks' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ parentComment: first.body._id, content: 'Thanks' });
    const second = await comment(post._id, ana, 'Later');
    expect((await list(post._id)).map((c) => c._id)).toEqual([first.body._id, answer.body._id, second._id]);
    expect(await commentsCount(post._id)).toBe(3);
  });

  it.each([[{}], [{ content: '' }], [{ content: '  \n ' }]])('says "Comment is required." for %j', async (body) => {
    const post = await newPost();
    expect(await call('POST', `/api/forumPosts/${post._id}/comments`, ben, body)).toEqual({ status: 400, body: { msg: COMMENT_REQUIRED, code: 'BAD_REQUEST' } });
    const parent = await comment(post._id, ben);
    expect(await call('POST', `/api/forumPosts/comments/${parent._id}/reply`, ben, body)).toEqual({ status: 400, body: { msg: COMMENT_REQUIRED, code: 'BAD_REQUEST' } });
  });

  it('refuses content over 10,000 characters and malformed ids', async () => {
    const post = await newPost();
    const long = await call('POST', `/api/forumPosts/${post._id}/comments`, ben, { content: 'x'.repeat(10_001) });
    expect(long).toEqual({ status: 400, body: { msg: 'Invalid content: must be at most 10000 characters', code: 'VALIDATION' } });
    expect((await call('POST', `/api/forumPosts/${post._id}/comments`, ben, { content: 'x'.repeat(10_000) })).status).toBe(201);
    expect((await call('POST', '/api/forumPosts/nope/comments', ben, { content: 'x' })).status).toBe(400);
    expect((await call('POST', '/api/forumPosts/comments/nope/reply', ben, { content: 'x' })).status).toBe(400);
  });

  it('answers 404 for a missing post or parent, and refuses replies to a deleted comment', async () => {
    expect(await call('POST', `/api/forumPosts/${UNKNOWN_ID}/comments`, ben, { content: 'x' })).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
    expect(await call('GET', `/api/forumPosts/${UNKNOWN_ID}/comments`, ben)).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
    expect(await call('POST', `/api/forumPosts/comments/${UNKNOWN_ID}/reply`, ben, { content: 'x' })).toEqual({ status: 404, body: { msg: COMMENT_NOT_FOUND, code: 'NOT_FOUND' } });
    const post = await newPost();
    const parent = await comment(post._id, ben);
    await reply(parent._id, ana);
    await call('DELETE', `/api/forumPosts/comments/${parent._id}`, ben);
    expect(await call('POST', `/api/forumPosts/comments/${parent._id}/reply`, ana, { content: 'x' })).toEqual({ status: 400, body: { msg: CANNOT_REPLY_TO_DELETED, code: 'BAD_REQUEST' } });
  });

  it('needs a verified licence to write and to read', async () => {
    const post = await newPost();
    const parent = await comment(post._id, ben);
    expect(await call('POST', `/api/forumPosts/${post._id}/comments`, pending, { content: 'x' })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect(await call('POST', `/api/forumPosts/comments/${parent._id}/reply`, pending, { content: 'x' })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect((await call('POST', `/api/forumPosts/${post._id}/comments`, undefined, { content: 'x' })).status).toBe(401);
    expect((await call('POST', `/api/forumPosts/comments/${parent._id}/reply`, undefined, { content: 'x' })).status).toBe(401);
    expect((await call('GET', `/api/forumPosts/${post._id}/comments`)).status).toBe(401);
    // Access is decided before the body is checked.
    const tooLong = { content: 'x'.repeat(10_001) };
    expect((await call('POST', `/api/forumPosts/${post._id}/comments`, undefined, tooLong)).status).toBe(401);
    expect(await call('POST', `/api/forumPosts/${post._id}/comments`, pending, tooLong)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect(await call('GET', `/api/forumPosts/${post._id}/comments`, pending)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
  });

  it('stores <script> and javascript: links as plain text', async () => {
    const post = await newPost();
    const content = '<script>document.title="owned"</script> [x](javascript:alert(1))';
    await comment(post._id, ben, content);
    expect((await list(post._id))[0].content).toBe(content);
  });
});

describe('GET comments pages', () => {
  it('pages oldest first with an `after` cursor', async () => {
    const post = await newPost();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await comment(post._id, ben, `c${i}`))._id);
    const first = await call('GET', `/api/forumPosts/${post._id}/comments?limit=3`, ben);
    expect(first.body.comments.map((c: Comment) => c._id)).toEqual(made.slice(0, 3));
    const second = await call('GET', `/api/forumPosts/${post._id}/comments?limit=3&after=${encodeURIComponent(first.body.nextCursor)}`, ben);
    expect(second.body.comments.map((c: Comment) => c._id)).toEqual(made.slice(3));
    expect(second.body.nextCursor).toBeNull();
    expect((await call('GET', `/api/forumPosts/${post._id}/comments?limit=501`, ben)).status).toBe(400);
    expect((await call('GET', `/api/forumPosts/${post._id}/comments?after=bad`, ben)).body.msg).toMatch(/^Invalid after/);
  });

  it('cuts pages of every size from the same rows: the default, the largest and any other', async () => {
    const post = await newPost();
    const total = COMMENTS_PAGE_SIZE + 5;
    await ctx.db.execute(sql`INSERT INTO comments (post_id, author_id, content, created_at)
      SELECT ${post._id}, ${ben.id}, 'c' || g, now() - make_interval(secs => ${total} - g) FROM generate_series(1, ${total}) g`);
    const texts = (body: { comments: Comment[] }) => body.comments.map((c) => c.content);
    const all = Array.from({ length: total }, (_, i) => `c${i + 1}`);
    const byDefault = (await call('GET', `/api/forumPosts/${post._id}/comments`, ben)).body;
    expect(texts(byDefault)).toEqual(all.slice(0, COMMENTS_PAGE_SIZE));
    const rest = (await call('GET', `/api/forumPosts/${post._id}/comments?after=${encodeURIComponent(byDefault.nextCursor)}`, ben)).body;
    expect(rest).toMatchObject({ nextCursor: null });
    expect(texts(rest)).toEqual(all.slice(COMMENTS_PAGE_SIZE));
    expect(texts((await call('GET', `/api/forumPosts/${post._id}/comments?limit=${COMMENTS_MAX_PAGE_SIZE}`, ben)).body)).toEqual(all);
    const seven = (await call('GET', `/api/forumPosts/${post._id}/comments?limit=7`, ben)).body;
    expect(texts(seven)).toEqual(all.slice(0, 7));
    const eighth = (await call('GET', `/api/forumPosts/${post._id}/comments?limit=1&after=${encodeURIComponent(seven.nextCursor)}`, ben)).body;
    expect(texts(eighth)).toEqual(['c8']);
  });

  it('sends pages written once for all readers that are exactly what their response schema declares', async () => {
    const post = await newPost();
    const liked = await comment(post._id, ana);
    await reply(liked._id, ben);
    await call('POST', `/api/forumPosts/comments/${liked._id}/like`, ben);
    await call('DELETE', `/api/forumPosts/comments/${liked._id}`, ana);
    for (const reader of [ana, ben]) {
      const { status, body } = await call('GET', `/api/forumPosts/${post._id}/comments`, reader);
      expect(status).toBe(200);
      expect(body.comments.map((c: Comment) => c.deleted)).toEqual([true, false]);
      expect(CommentsPageSchema.parse(body)).toEqual(body);
    }
  });
});

describe('POST /api/forumPosts/comments/:id/like', () => {
  it('toggles and returns the likes list', async () => {
    const post = await newPost();
    const c = await comment(post._id, ana);
    expect(await call('POST', `/api/forumPosts/comments/${c._id}/like`, ben)).toEqual({ status: 200, body: [ben.id] });
    expect([...(await call('POST', `/api/forumPosts/comments/${c._id}/like`, ana)).body].sort()).toEqual([ana.id, ben.id].sort());
    expect((await call('POST', `/api/forumPosts/comments/${c._id}/like`, ben)).body).toEqual([ana.id]);
    expect((await list(post._id, ana))[0]).toMatchObject({ likes: [ana.id], likesCount: 1 });
  });

  it('leaves exactly one like when the same like arrives twice at once', async () => {
    const post = await newPost();
    const c = await comment(post._id, ana);
    await Promise.all([
      call('POST', `/api/forumPosts/comments/${c._id}/like`, ben, { liked: true }),
      call('POST', `/api/forumPosts/comments/${c._id}/like`, ben, { liked: true }),
    ]);
    const rows = await queryRows(ctx.db, sql`SELECT 1 FROM comment_likes WHERE comment_id = ${c._id}`);
    expect(rows).toHaveLength(1);
  });

  it('needs a verified licence, a session and a live comment', async () => {
    const post = await newPost();
    const c = await comment(post._id, ana);
    expect(await call('POST', `/api/forumPosts/comments/${c._id}/like`, pending)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect((await call('POST', `/api/forumPosts/comments/${c._id}/like`)).status).toBe(401);
    expect(await call('POST', `/api/forumPosts/comments/${UNKNOWN_ID}/like`, ben)).toEqual({ status: 404, body: { msg: COMMENT_NOT_FOUND, code: 'NOT_FOUND' } });
  });
});

describe('likes in a page read once for several readers', () => {
  it('shows each simultaneous reader their own likes', async () => {
    const post = await newPost();
    const liked = await comment(post._id, ana, 'Liked by Ben');
    const plain = await comment(post._id, ana, 'Liked by nobody');
    await call('POST', `/api/forumPosts/comments/${liked._id}/like`, ben, { liked: true });
    await call('POST', `/api/forumPosts/comments/${liked._id}/like`, admin, { liked: true });
    const readers = [ana, ben, admin, ana, ben];
    const pages = await Promise.all(readers.map((u) => list(post._id, u)));
    readers.forEach((reader, i) => {
      const [first, second] = pages[i];
      expect(first._id).toBe(liked._id);
      expect(first.likesCount).toBe(2);
      // The likers in no particular order, the reader among them exactly when they liked it.
      expect([...first.likes].sort()).toEqual([ben.id, admin.id].sort());
      expect(second).toMatchObject({ _id: plain._id, likes: [], likesCount: 0 });
    });
  });
});

describe('compressed pages', () => {
  it('sends the shared page gzipped to browsers that accept it, and the same comments as without', async () => {
    const post = await newPost();
    const mine = await comment(post._id, ana, 'Liked by Ben');
    await comment(post._id, ana, 'x'.repeat(2000));
    await call('POST', `/api/forumPosts/comments/${mine._id}/like`, ben, { liked: true });
    const read = async (user: TestUser, encoding: string) => {
      const res = await ctx.app.inject({
        method: 'GET', url: `/api/forumPosts/${post._id}/comments`, headers: { ...user.headers, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('application/json');
      return JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as { comments: Comment[] };
    };
    // The shared page, gzipped once, is right for both: Ben's like is among the listed likers.
    const [forAdmin, forBen] = [await read(admin, 'gzip'), await read(ben, 'gzip')];
    expect(forAdmin.comments).toEqual(await list(post._id, admin));
    expect(forAdmin.comments[0].likes).toEqual([ben.id]);
    expect(forBen.comments[0].likes).toEqual([ben.id]);
    expect(forBen.comments.map((c) => c._id)).toEqual(forAdmin.comments.map((c) => c._id));
  });
});

describe('DELETE /api/forumPosts/comments/:id', () => {
  it('removes a comment without replies', async () => {
    const post = await newPost();
    const c = await comment(post._id, ben);
    expect(await call('DELETE', `/api/forumPosts/comments/${c._id}`, ben)).toEqual({ status: 200, body: { msg: 'Comment deleted.' } });
    expect(await list(post._id)).toEqual([]);
    expect(await commentsCount(post._id)).toBe(0);
    expect(await call('DELETE', `/api/forumPosts/comments/${c._id}`, ben)).toEqual({ status: 404, body: { msg: COMMENT_NOT_FOUND, code: 'NOT_FOUND' } });
  });

  it('turns a comment with replies into "[deleted]" and keeps the replies; it goes once the last reply goes', async () => {
    const post = await newPost();
    const parent = await comment(post._id, ben, 'secret words');
    await call('POST', `/api/forumPosts/comments/${parent._id}/like`, ana);
    const child = await reply(parent._id, ana);
    const grandchild = await reply(child._id, ben);
    await call('DELETE', `/api/forumPosts/comments/${parent._id}`, ben);
    const after = await list(post._id);
    expect(after.map((c) => c._id)).toEqual([parent._id, child._id, grandchild._id]);
    expect(after[0]).toMatchObject({ content: DELETED_COMMENT, author: null, deleted: true, likes: [], likesCount: 0 });
    expect(JSON.stringify(after)).not.toContain('secret words');
    expect(await commentsCount(post._id)).toBe(2);
    // The middle comment still has a reply: it too becomes '[deleted]'.
    await call('DELETE', `/api/forumPosts/comments/${child._id}`, ana);
    expect((await list(post._id)).map((c) => c.deleted)).toEqual([true, true, false]);
    // The last live reply goes, and with it the chain of '[deleted]' comments above it.
    await call('DELETE', `/api/forumPosts/comments/${grandchild._id}`, ben);
    expect(await list(post._id)).toEqual([]);
    expect(await commentsCount(post._id)).toBe(0);
  });

  it('is for the author only: administrators remove with their own, audited route', async () => {
    const post = await newPost();
    const c = await comment(post._id, ben);
    const refused = { status: 403, body: { msg: ONLY_AUTHOR_DELETES, code: 'FORBIDDEN' } };
    expect(await call('DELETE', `/api/forumPosts/comments/${c._id}`, ana)).toEqual(refused);
    expect(await call('DELETE', `/api/forumPosts/comments/${c._id}`, pending)).toEqual(refused);
    expect(await call('DELETE', `/api/forumPosts/comments/${c._id}`, admin)).toEqual(refused);
    expect((await call('DELETE', `/api/forumPosts/comments/${c._id}`)).status).toBe(401);
    expect((await call('DELETE', `/api/forumPosts/comments/${c._id}`, ben)).status).toBe(200);
    expect((await call('DELETE', '/api/forumPosts/comments/nope', admin)).status).toBe(400);
  });
});

describe('deep reply chains', () => {
  /** A chain of `length` comments, each a reply to the one before, written directly; all but the last deleted. */
  async function deletedChain(postId: string, length: number): Promise<string[]> {
    const rows = await queryRows<{ ids: string[] }>(ctx.db, sql`
      WITH RECURSIVE chain AS (
        SELECT 1 AS n, gen_random_uuid() AS id, NULL::uuid AS parent_id
        UNION ALL SELECT n + 1, gen_random_uuid(), id FROM chain WHERE n < ${length}),
      inserted AS (
        INSERT INTO comments (id, post_id, parent_id, author_id, content, deleted, created_at)
        SELECT id, ${postId}, parent_id, ${ben.id}, CASE WHEN n = ${length} THEN 'leaf' ELSE '' END, n < ${length},
          now() + n * interval '1 millisecond'
        FROM chain ORDER BY n RETURNING id, created_at)
      SELECT array_agg(id ORDER BY created_at) AS ids FROM inserted`);
    return rows[0].ids;
  }
  const remaining = async (postId: string) =>
    (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM comments WHERE post_id = ${postId}`))[0].n;

  it('deleting the last reply of a chain as deep as replies go removes the whole chain, in one bounded statement', async () => {
    const post = await newPost();
    const ids = await deletedChain(post._id, MAX_REPLY_DEPTH + 1);
    const res = await call('DELETE', `/api/forumPosts/comments/${ids.at(-1)}`, ben);
    expect(res.status).toBe(200);
    expect(await remaining(post._id)).toBe(0);
  });

  it('a chain of 1,000 (made before the depth limit) is cleaned up without stalling the server', async () => {
    const post = await newPost();
    const ids = await deletedChain(post._id, 1_000);
    const started = Date.now();
    const res = await call('DELETE', `/api/forumPosts/comments/${ids.at(-1)}`, ben);
    expect(res.status).toBe(200);
    // Was 5.7 s on PostgreSQL (a statement per level, each scanning the thread); the walk is bounded by the depth limit.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await remaining(post._id)).toBe(1_000 - (MAX_REPLY_DEPTH + 1));
  });

  it('keeps a deleted ancestor that still has another live branch', async () => {
    const post = await newPost();
    const top = await comment(post._id, ana, 'Top');
    const left = await reply(top._id, ben, 'Left');
    const right = await reply(top._id, ben, 'Right');
    const leftLeaf = await reply(left._id, ana, 'Left leaf');
    await call('DELETE', `/api/forumPosts/comments/${top._id}`, ana);
    await call('DELETE', `/api/forumPosts/comments/${left._id}`, ben);
    await call('DELETE', `/api/forumPosts/comments/${leftLeaf._id}`, ana);
    const ids = (await list(post._id)).map((c) => c._id);
    expect(ids).toEqual([top._id, right._id]);
  });

  it('refuses a reply deeper than the limit', async () => {
    const post = await newPost();
    let parent = await comment(post._id, ana, 'Depth 0');
    for (let depth = 1; depth <= MAX_REPLY_DEPTH; depth++) parent = await reply(parent._id, depth % 2 ? ben : ana, `Depth ${depth}`);
    const tooDeep = await call('POST', `/api/forumPosts/comments/${parent._id}/reply`, ana, { content: 'One more' });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toEqual({ msg: REPLY_TOO_DEEP, code: 'BAD_REQUEST' });
    // A chain as deep as the limit is that many writes one after another: about 20 s on a busy machine.
  }, 120_000);
});

describe('DELETE /api/forumPosts/comments (bulk)', () => {
  it('deletes the chosen comments in one go with the tree rule, and records it', async () => {
    const post = await newPost();
    const keep = await comment(post._id, ben, 'keep');
    const spam1 = await comment(post._id, ben, 'spam 1');
    const spam2 = await comment(post._id, ana, 'spam 2');
    const answered = await comment(post._id, ben, 'answered');
    const answer = await reply(answered._id, ana, 'the answer');
    const ids = [spam1._id, spam2._id, answered._id];
    const res = await call('DELETE', '/api/forumPosts/comments', admin, { commentIds: ids });
    expect(res).toEqual({ status: 200, body: { msg: 'Deleted 3 comments.', deleted: 3 } });
    const after = await list(post._id);
    expect(after.map((c) => [c._id, c.deleted])).toEqual([[keep._id, false], [answered._id, true], [answer._id, false]]);
    expect(await commentsCount(post._id)).toBe(2);
    const audit = await queryRows<{ actor_id: string; action: string; target_id: string; detail: { commentIds: string[]; count: number } }>(ctx.db, sql`
      SELECT actor_id, action, target_id, detail FROM audit_log WHERE action = 'comments.bulk_delete' AND target_id = ${post._id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_id).toBe(admin.id);
    expect(audit[0].detail.commentIds.sort()).toEqual([...ids].sort());
    expect(audit[0].detail.count).toBe(3);
  });

  it('removes a parent and its replies together when both are chosen', async () => {
    const post = await newPost();
    const parent = await comment(post._id, ben);
    const child = await reply(parent._id, ana);
    await call('DELETE', '/api/forumPosts/comments', admin, { commentIds: [child._id, parent._id] });
    expect(await list(post._id)).toEqual([]);
  });

  it('is for administrators only', async () => {
    const post = await newPost();
    const c = await comment(post._id, ben);
    expect(await call('DELETE', '/api/forumPosts/comments', ben, { commentIds: [c._id] })).toEqual({ status: 403, body: { msg: ADMINS_ONLY, code: 'FORBIDDEN' } });
    expect(await call('DELETE', '/api/forumPosts/comments', pending, { commentIds: [c._id] })).toEqual({ status: 403, body: { msg: ADMINS_ONLY, code: 'FORBIDDEN' } });
    expect((await call('DELETE', '/api/forumPosts/comments', undefined, { commentIds: [c._id] })).status).toBe(401);
    expect(await list(post._id)).toHaveLength(1);
  });

  it.each([
    [{ commentIds: [] }, 'Invalid commentIds: must list at least one comment'],
    [{ commentIds: Array.from({ length: 501 }, () => UNKNOWN_ID) }, 'Invalid commentIds: must list at most 500 comments'],
    [{ commentIds: ['nope'] }, 'Invalid commentIds.0: must be a valid id'],
    [{}, 'Invalid commentIds'],
  ])('refuses %j with 400', async (body, msg) => {
    const res = await call('DELETE', '/api/forumPosts/comments', admin, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(msg);
  });

  it('answers 404 when none of the comments exist', async () => {
    expect(await call('DELETE', '/api/forumPosts/comments', admin, { commentIds: [UNKNOWN_ID] })).toEqual({ status: 404, body: { msg: COMMENT_NOT_FOUND, code: 'NOT_FOUND' } });
  });
});
