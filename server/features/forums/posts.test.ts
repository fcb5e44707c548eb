import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { queryRows } from '../../db/client.ts';
import type { ServiceContext } from '../../context.ts';
import { createCaches } from '../../lib/caches.ts';
import { communities, posts } from '../../db/schema.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { caller } from '../../test/http.ts';
import { sentStatements, sentStatementsNamed } from '../../test/statements.ts';
import { createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { COMMUNITY_NOT_FOUND } from '../../../common/communities.ts';
import {
  JOIN_TO_POST, ONLY_AUTHOR_DELETES, POST_NOT_FOUND, PostsPageSchema, SEARCH_WINDOW, TITLE_CONTENT_REQUIRED, type Post, type PostsPage,
} from '../../../common/posts.ts';
import { chooseStrategy, findPosts, findPostTitles, type SearchOptions } from './search.ts';
import { looksOneWord, plainWords, requiredWords } from './search-words.ts';

let { ctx, ana, ben, pending, admin } = {} as Cast;
let group: { id: string; name: string };
// For calling the search service directly (with tuning the API does not take), beside the app and its own cache.
let services: ServiceContext;
let closeCaches = () => {};
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const call = caller(() => ctx.app);
const newPost = async (user: TestUser, body: object = {}) =>
  (await call('POST', '/api/forumPosts', user, { title: 'A title', content: 'Some content', ...body })).body as Post;
const likeRows = async (postId: string) => (await queryRows<{ n: number }>(ctx.db, sql`
  SELECT count(*)::int AS n FROM post_likes WHERE post_id = ${postId}`))[0].n;
const communityCounts = async (id: string) =>
  (await ctx.db.select({ posts: communities.postsCount, last: communities.lastPostAt }).from(communities).where(sql`${communities.id} = ${id}`))[0];

beforeAll(async () => {
  ({ ctx, ana, ben, pending, admin } = await createCast({ ana: 'Ana Author', ben: 'Ben Reader' }, { avatar: 'https://example.org/ana.png' }));
  group = await createCommunity(ctx.db, { name: 'Posting Group' }, [ana.id]);
  const caches = createCaches(ctx.config);
  services = { db: ctx.db, config: ctx.config, cache: caches.shared, caches };
  closeCaches = caches.close;
});
afterAll(async () => {
  closeCaches();
  await ctx?.close();
});

describe('POST /api/forumPosts', () => {
  it('creates a post in a community the author belongs to, and counts it there', async () => {
    const res = await call('POST', '/api/forumPosts', ana, { title: '  EMDR pacing  ', content: 'How do you **pace**?', communityId: group.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String), title: 'EMDR pacing', content: 'How do you **pace**?',
      author: { _id: ana.id, name: 'Ana Author', avatar: 'https://example.org/ana.png' },
      likes: [], likesCount: 0, community: { _id: group.id, name: 'Posting Group' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), commentsCount: 0, editedAt: null, bookmarked: false,
      following: true, // authors follow their own posts
    });
    const counts = await communityCounts(group.id);
    expect(counts.posts).toBe(1);
    expect(counts.last).not.toBeNull();
  });

  it('creates a post without a community', async () => {
    const res = await call('POST', '/api/forumPosts', ben, { title: 'Hello', content: 'Everyone' });
    expect(res.status).toBe(201);
    expect(res.body.community).toBeNull();
  });

  it.each([[{}], [{ title: 'Only a title' }], [{ content: 'Only content' }], [{ title: '   ', content: 'x' }], [{ title: 'x', content: ' \n ' }]])(
    'says "Title and content are required." for %j', async (body) => {
      expect(await call('POST', '/api/forumPosts', ana, body)).toEqual({ status: 400, body: { msg: TITLE_CONTENT_REQUIRED, code: 'BAD_REQUEST' } });
    });

  it.each([
    [{ title: 'x'.repeat(201), content: 'c' }, 'Invalid title: must be at most 200 characters'],
    [{ title: 't', content: 'x'.repeat(20_001) }, 'Invalid content: must be at most 20000 characters'],
    [{ title: 't', content: 'c', communityId: 'nope' }, 'Invalid communityId: must be a valid id'],
    [{ title: ['t'], content: 'c' }, 'Invalid title'],
  ])('refuses %j with 400', async (body, msg) => {
    const res = await call('POST', '/api/forumPosts', ana, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(msg);
  });

  it('accepts the longest title and content', async () => {
    expect((await call('POST', '/api/forumPosts', ana, { title: 't'.repeat(200), content: 'c'.repeat(20_000) })).status).toBe(201);
  });

  it('requires membership of the community and that it exists', async () => {
    expect(await call('POST', '/api/forumPosts', ben, { title: 't', content: 'c', communityId: group.id })).toEqual({ status: 403, body: { msg: JOIN_TO_POST, code: 'FORBIDDEN' } });
    expect(await call('POST', '/api/forumPosts', ana, { title: 't', content: 'c', communityId: UNKNOWN_ID })).toEqual({ status: 404, body: { msg: COMMUNITY_NOT_FOUND, code: 'NOT_FOUND' } });
  });

  it('needs a verified licence and a session', async () => {
    expect(await call('POST', '/api/forumPosts', pending, { title: 't', content: 'c' })).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect((await call('POST', '/api/forumPosts', undefined, { title: 't', content: 'c' })).status).toBe(401);
    expect((await call('POST', '/api/forumPosts', undefined, {})).status).toBe(401);
  });

  it('decides access before the body is read or checked: 401 signed out, 403 pending, however bad the body', async () => {
    const bad = { title: 'x'.repeat(201), communityId: 'not-an-id' };
    expect(await call('POST', '/api/forumPosts', undefined, bad)).toEqual({ status: 401, body: { msg: 'Please log in to continue.', code: 'UNAUTHORIZED' } });
    expect(await call('POST', '/api/forumPosts', pending, bad)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    const malformed = (user?: TestUser) => ctx.app.inject({
      method: 'POST', url: '/api/forumPosts', headers: { ...user?.headers, 'content-type': 'application/json' }, payload: '{"title": ',
    });
    expect((await malformed()).statusCode).toBe(401);
    expect((await malformed(pending)).statusCode).toBe(403);
    expect((await call('GET', '/api/forumPosts/feed?before=garbage')).status).toBe(401);
  });

  it('stores Markdown with <script> and javascript: links as the text it is', async () => {
    const content = '<script>alert(1)</script>\n\n[click](javascript:alert(2)) <img src=x onerror="alert(3)">';
    const created = await newPost(ana, { title: '<b>bold?</b>', content });
    const read = await call('GET', `/api/forumPosts/${created._id}`, ben);
    expect(read.body.title).toBe('<b>bold?</b>');
    expect(read.body.content).toBe(content);
  });
});

describe('GET /api/forumPosts/:id', () => {
  it('returns the post, 404 "Post not found." when missing, 400 for a malformed id, 401 signed out', async () => {
    const post = await newPost(ana);
    expect((await call('GET', `/api/forumPosts/${post._id}`, pending)).status).toBe(403);
    expect(await call('GET', `/api/forumPosts/${UNKNOWN_ID}`, ana)).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
    expect((await call('GET', '/api/forumPosts/12345', ana)).status).toBe(400);
    expect((await call('GET', `/api/forumPosts/${post._id}`)).status).toBe(401);
  });
});

describe('feed and community lists', () => {
  it('pages newest first by 20 with a cursor, with no duplicates or gaps while new posts arrive', async () => {
    const own = await createCommunity(ctx.db, { name: 'Paging Group' }, [ben.id]);
    const author = await createUser(ctx.db);
    // 45 posts, many sharing one timestamp, so the id has to break ties for the cursor to be exact.
    const at = new Date(Date.now() - 3_600_000);
    const rows = Array.from({ length: 45 }, (_, i) => ({
      title: `Paged ${i}`, content: 'c', authorId: author.id, communityId: own.id, createdAt: i < 25 ? at : new Date(at.getTime() - i * 1000),
    }));
    const created = await ctx.db.insert(posts).values(rows).returning({ id: posts.id });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/forumPosts/community/${own.id}${cursor ? `?before=${encodeURIComponent(cursor)}` : ''}`;
      const res = await call('GET', url, ben);
      expect(res.status).toBe(200);
      expect(res.body.posts.length).toBeLessThanOrEqual(20);
      seen.push(...res.body.posts.map((p: Post) => p._id));
      cursor = res.body.nextCursor;
      pages++;
      // A new post arrives between pages: it is newer than every cursor, so it never shifts later pages.
      await call('POST', '/api/forumPosts', ben, { title: `Arrived ${pages}`, content: 'c', communityId: own.id });
    } while (cursor);
    expect(pages).toBe(3);
    const createdIds = created.map((r) => r.id);
    expect(seen.filter((id) => createdIds.includes(id)).sort()).toEqual([...createdIds].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('the feed holds every post, newest first, and uses the same cursor', async () => {
    const latest = await newPost(ben, { title: 'Latest of all' });
    const first = await call('GET', '/api/forumPosts/feed', ana);
    expect(first.status).toBe(200);
    expect(first.body.posts[0]._id).toBe(latest._id);
    expect(first.body.posts).toHaveLength(20);
    const times = first.body.posts.map((p: Post) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await call('GET', `/api/forumPosts/feed?before=${encodeURIComponent(first.body.nextCursor)}`, ana);
    expect(second.status).toBe(200);
    expect(second.body.posts[0]._id).not.toBe(latest._id);
    expect((await call('GET', '/api/forumPosts/feed', pending)).status).toBe(403);
    expect((await call('GET', '/api/forumPosts/feed')).status).toBe(401);
  });

  it('sends pages written once for all readers that are exactly what their response schema declares', async () => {
    const own = await createCommunity(ctx.db, { name: 'Schema Group' }, [ana.id]);
    const post = await newPost(ana, { communityId: own.id });
    await call('POST', `/api/forumPosts/${post._id}/like`, ben);
    for (const url of ['/api/forumPosts/feed', `/api/forumPosts/community/${own.id}`]) {
        for (const reader of [ana, ben]) {
        const { status, body } = await call('GET', url, reader);
        expect(status).toBe(200);
        expect(body.posts.length).toBeGreaterThan(0);
        expect(PostsPageSchema.parse(body)).toEqual(body);
      }
    }
  });

  it('refuses a malformed cursor and an unknown community', async () => {
    for (const bad of ['garbage', Buffer.from('2020|x').toString('base64url'), 'x'.repeat(201)]) {
      const res = await call('GET', `/api/forumPosts/feed?before=${bad}`, ana);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^Invalid before/);
    }
    expect(await call('GET', `/api/forumPosts/community/${UNKNOWN_ID}`, ana)).toEqual({ status: 404, body: { msg: COMMUNITY_NOT_FOUND, code: 'NOT_FOUND' } });
    expect((await call('GET', '/api/forumPosts/community/nope', ana)).status).toBe(400);
  });
});

describe('shared reads (one read serves every reader arriving meanwhile)', () => {
  it('gives each of several simultaneous readers their own likes', async () => {
    const post = await newPost(ana, { title: 'Shared read', content: 'liked by Ana only' });
    await call('POST', `/api/forumPosts/${post._id}/like`, ana, { liked: true });
    const readers = [ana, ben, ana, ben, admin];
    const pages = await Promise.all(readers.map((u) => call('GET', '/api/forumPosts/feed', u)));
    const singles = await Promise.all(readers.map((u) => call('GET', `/api/forumPosts/${post._id}`, u)));
    readers.forEach((reader, i) => {
      const fromFeed = pages[i].body.posts.find((p: Post) => p._id === post._id);
      const expected = [ana.id];
      expect(fromFeed.likes).toEqual(expected);
      expect(singles[i].body.likes).toEqual(expected);
      expect(singles[i].body.likesCount).toBe(1);
    });
    // Ben's like is in everyone's list, his own included.
    await call('POST', `/api/forumPosts/${post._id}/like`, ben, { liked: true });
    const [forAna, forBen] = await Promise.all([ana, ben].map((u) => call('GET', `/api/forumPosts/${post._id}`, u)));
    expect([...forAna.body.likes].sort()).toEqual([ana.id, ben.id].sort());
    expect([...forBen.body.likes].sort()).toEqual([ana.id, ben.id].sort());
  });

  it('answers a write with the state after it, even while others are reading', async () => {
    const post = await newPost(ana, { title: 'Racing read', content: 'x' });
    const [, liked] = await Promise.all([
      call('GET', `/api/forumPosts/${post._id}`, ben),
      call('POST', `/api/forumPosts/${post._id}/like`, ben, { liked: true }),
    ]);
    expect(liked.body).toMatchObject({ likes: [ben.id], likesCount: 1 });
  });

  it('finds a new post in a search made just before it was written, and loses a deleted one', async () => {
    expect((await call('GET', '/api/forumPosts/search?query=quokkaesque', ben)).body.posts).toEqual([]);
    const post = await newPost(ana, { title: 'Quokkaesque cheer', content: 'x' });
    const found = await call('GET', '/api/forumPosts/search?query=quokkaesque', ben);
    expect(found.body.posts.map((p: Post) => p._id)).toEqual([post._id]);
    await call('DELETE', `/api/forumPosts/${post._id}`, ana);
    expect((await call('GET', '/api/forumPosts/search?query=quokkaesque', ben)).body.posts).toEqual([]);
  });

  it('keeps the words walked by search (post_terms) in step with writes, edits and deletions', async () => {
    const words = async (id: string) => (await queryRows<{ lexeme: string }>(ctx.db, sql`
      SELECT lexeme FROM post_terms WHERE post_id = ${id} ORDER BY lexeme`)).map((r) => r.lexeme);
    const post = await newPost(ana, { title: 'Wallaroo notes', content: 'x' });
    expect(await words(post._id)).toEqual(['note', 'wallaroo', 'x']);
    expect((await call('PUT', `/api/forumPosts/${post._id}`, ana, { title: 'Bilby notes', content: 'x' })).status).toBe(200);
    expect(await words(post._id)).toEqual(['bilbi', 'note', 'x']);
    const walk = (word: string) => findPosts(services, ben.id, word, { strategy: 'terms' });
    expect((await walk('wallaroo')).posts).toEqual([]);
    expect((await walk('bilby -zzq')).posts.map((p) => p._id)).toEqual([post._id]);
    await call('DELETE', `/api/forumPosts/${post._id}`, ana);
    expect(await words(post._id)).toEqual([]);
  });
});

describe('search', () => {
  let inTitle: Post;
  let inContent: Post;
  let elsewhere: Post;
  beforeAll(async () => {
    inContent = await newPost(ana, { title: 'Weekly thoughts', content: 'Lately the word quixotry keeps coming up with clients.', communityId: group.id });
    inTitle = await newPost(ana, { title: 'Quixotry in supervision', content: 'A longer reflection on ideals.', communityId: group.id });
    elsewhere = await newPost(ben, { title: 'Quixotry outside', content: 'No community here' });
  });

  it('ranks title matches above content matches and marks the matched words', async () => {
    const res = await call('GET', '/api/forumPosts/search?query=quixotry', ben);
    expect(res.status).toBe(200);
    const ids = res.body.posts.map((p: Post) => p._id);
    expect(ids).toHaveLength(3);
    expect(ids.indexOf(inTitle._id)).toBeLessThan(ids.indexOf(inContent._id));
    expect(ids.indexOf(elsewhere._id)).toBeLessThan(ids.indexOf(inContent._id));
    const hit = res.body.posts.find((p: Post) => p._id === inContent._id);
    expect(hit.highlight.content).toContain('<mark>quixotry</mark>');
    expect(res.body.posts.find((p: Post) => p._id === inTitle._id).highlight.title).toBe('<mark>Quixotry</mark> in supervision');
  });

  it('sends pages written once as JSON, byte for byte what the response schema writes, to each reader with their own flags', async () => {
    await call('POST', `/api/forumPosts/${inTitle._id}/like`, ana, { liked: true });
    await call('PUT', `/api/forumPosts/${elsewhere._id}/bookmark`, ana);
    const raw = async (url: string, reader: TestUser, gzip = false) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { ...reader.headers, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) } });
      expect(res.statusCode, url).toBe(200);
      return res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.payload;
    };
    // Ana runs each search (her flags come with its rows), Ben is answered by the kept one, then Ana again.
    for (const url of ['/api/forumPosts/search?query=quixotry%20-zzq', `/api/forumPosts/search/${group.id}?query=quixotry%20-zzq`]) {
      for (const [reader, gzip] of [[ana, false], [ben, true], [ben, false], [ana, true]] as const) {
        const text = await raw(url, reader, gzip);
        expect(text, url).toBe(JSON.stringify(PostsPageSchema.encode(JSON.parse(text))));
        const page = JSON.parse(text) as PostsPage;
        expect(page.posts.length, url).toBeGreaterThan(1);
        expect(page.posts.every((p) => p.highlight?.title)).toBe(true);
        const liked = page.posts.find((p) => p._id === inTitle._id);
        expect(liked?.likes.includes(ana.id)).toBe(true);
        expect(page.posts.map((p) => p.bookmarked)).toEqual(page.posts.map((p) => reader === ana && p._id === elsewhere._id));
      }
    }
    await call('POST', `/api/forumPosts/${inTitle._id}/like`, ana, { liked: false });
    await call('DELETE', `/api/forumPosts/${elsewhere._id}/bookmark`, ana);
  });

  it('understands web search syntax, stems words and searches within one community', async () => {
    const minus = await call('GET', '/api/forumPosts/search?query=quixotry%20-supervision', ben);
    expect(minus.body.posts.map((p: Post) => p._id).sort()).toEqual([inContent._id, elsewhere._id].sort());
    const stemmed = await call('GET', '/api/forumPosts/search?query=reflections', ben);
    expect(stemmed.body.posts.map((p: Post) => p._id)).toContain(inTitle._id);
    const scoped = await call('GET', `/api/forumPosts/search/${group.id}?query=quixotry`, ben);
    expect(scoped.body.posts.map((p: Post) => p._id)).toEqual([inTitle._id, inContent._id]);
    expect(await call('GET', `/api/forumPosts/search/${UNKNOWN_ID}?query=x`, ben)).toEqual({ status: 404, body: { msg: COMMUNITY_NOT_FOUND, code: 'NOT_FOUND' } });
  });

  it('pages ranked results with a cursor, without repeats', async () => {
    const author = await createUser(ctx.db);
    await ctx.db.insert(posts).values(Array.from({ length: 25 }, (_, i) => ({
      title: i % 2 ? `Zygomorphic note ${i}` : `Note ${i}`, content: 'about zygomorphic things', authorId: author.id,
    })));
    const first = await call('GET', '/api/forumPosts/search?query=zygomorphic', ben);
    expect(first.body.posts).toHaveLength(20);
    const second = await call('GET', `/api/forumPosts/search?query=zygomorphic&before=${encodeURIComponent(first.body.nextCursor)}`, ben);
    expect(second.body.posts).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.posts, ...second.body.posts].map((p: Post) => p._id);
    expect(new Set(all).size).toBe(25);
    // Every shown post is highlighted, the last of a page too (the look-ahead row past it is not).
    expect([...first.body.posts, ...second.body.posts].every((p: Post) => p.highlight?.content.includes('<mark>zygomorphic</mark>'))).toBe(true);
    // Title matches (odd numbers) come first.
    expect(first.body.posts.slice(0, 12).every((p: Post) => p.title.startsWith('Zygomorphic'))).toBe(true);
  });

  it('returns nothing for an empty or stop-word query, and refuses bad input', async () => {
    expect((await call('GET', '/api/forumPosts/search?query=', ben)).body).toEqual({ posts: [], nextCursor: null });
    expect((await call('GET', '/api/forumPosts/search?query=the', ben)).body).toEqual({ posts: [], nextCursor: null });
    expect((await call('GET', `/api/forumPosts/search?query=${encodeURIComponent('"unclosed & | ! :*')}`, ben)).status).toBe(200);
    expect((await call('GET', `/api/forumPosts/search?query=${'a'.repeat(201)}`, ben)).body.msg).toBe('Invalid query: must be at most 200 characters');
    expect((await call('GET', '/api/forumPosts/search?query=x&before=bad', ben)).status).toBe(400);
    expect((await call('GET', '/api/forumPosts/search?query=quixotry')).status).toBe(401);
  });
});

describe('bounded search (docs/decisions/0021)', () => {
  /** Posts dated `secondsAgo` before now, with the word in the title only or in the content only. */
  async function seed(word: string, specs: { secondsAgo: number; inTitle: boolean; communityId?: string }[]) {
    const author = await createUser(ctx.db);
    const now = Date.now();
    const rows = await ctx.db.insert(posts).values(specs.map((s, i) => ({
      title: s.inTitle ? `${word} note ${i}` : `Note ${i}`, content: s.inTitle ? 'plain words' : `about ${word} things`,
      authorId: author.id, communityId: s.communityId ?? null, createdAt: new Date(now - s.secondsAgo * 1000),
    }))).returning({ id: posts.id });
    return rows.map((r) => r.id);
  }
  async function walkApi(url: string, from: string | null) {
    const ids: string[] = [];
    const sizes: number[] = [];
    let cursor = from;
    do {
      const res = await call('GET', `${url}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`, ben);
      expect(res.status).toBe(200);
      ids.push(...res.body.posts.map((p: Post) => p._id));
      sizes.push(res.body.posts.length);
      cursor = res.body.nextCursor;
    } while (cursor && sizes.length < 50);
    return { ids, sizes };
  }
  async function walkService(word: string, opts: SearchOptions) {
    const ids: string[] = [];
    let page: PostsPage | null = null;
    do {
      page = await findPosts(services, ben.id, word, { ...opts, before: page?.nextCursor ?? undefined });
      ids.push(...page.posts.map((p) => p._id));
    } while (page.nextCursor && ids.length < 1000);
    return ids;
  }

  it('ranks the newest SEARCH_WINDOW matches together, then the next window, reaching every match once', async () => {
    // 70 recent matches (every seventh in the title) and one old title match.
    const recent = Array.from({ length: SEARCH_WINDOW + 10 }, (_, i) => ({ secondsAgo: i + 1, inTitle: i % 7 === 3 }));
    const ids = await seed('xenolith', [...recent, { secondsAgo: 86_400, inTitle: true }]);
    const titleFirst = (range: number[]) => [...range.filter((i) => recent[i]?.inTitle ?? true), ...range.filter((i) => !(recent[i]?.inTitle ?? true))];
    const windowOne = titleFirst(Array.from({ length: SEARCH_WINDOW }, (_, i) => i));
    const windowTwo = titleFirst([...Array.from({ length: 10 }, (_, i) => SEARCH_WINDOW + i), SEARCH_WINDOW + 10]);
    const expected = [...windowOne, ...windowTwo].map((i) => ids[i]);

    const first = await call('GET', '/api/forumPosts/search?query=xenolith', ben);
    // A new post arriving while the reader pages never repeats a post nor hides one that was there.
    await newPost(ana, { title: 'Xenolith arrives late', content: 'new' });
    const rest = await walkApi('/api/forumPosts/search?query=xenolith', first.body.nextCursor);
    const all = [...first.body.posts.map((p: Post) => p._id), ...rest.ids];
    expect(all).toEqual(expected);
    expect([first.body.posts.length, ...rest.sizes]).toEqual([20, 20, 20, 11]);
    // The old title match outranks every content match but waits for its own, older window.
    expect(all.indexOf(ids[SEARCH_WINDOW + 10])).toBeGreaterThanOrEqual(SEARCH_WINDOW);
  });

  it('gives the same pages whether a window is found by scanning newest first or through the index', async () => {
    const specs = Array.from({ length: 23 }, (_, i) => ({ secondsAgo: i + 1, inTitle: i % 4 === 0, communityId: i % 2 ? group.id : undefined }));
    await seed('yardang', specs);
    const byIndex = await walkService('yardang', { window: 5, strategy: 'index' });
    expect(byIndex).toHaveLength(23);
    expect(new Set(byIndex).size).toBe(23);
    expect(await walkService('yardang', { window: 5, strategy: 'scan' })).toEqual(byIndex);
    // A scan whose cap is too small to find a window falls back to the index path.
    expect(await walkService('yardang', { window: 5, strategy: 'scan', scanCap: 2 })).toEqual(byIndex);
    // Walking the word's rows of post_terms (docs/decisions/0091) finds the same windows, and falls back at its cap.
    expect(await walkService('yardang', { window: 5, strategy: 'terms' })).toEqual(byIndex);
    expect(await walkService('yardang', { window: 5, strategy: 'terms', scanCap: 2 })).toEqual(byIndex);
    // An excluded word leaves 'yardang' the word to walk (ts_rank weighs the query's words, so compare like with like).
    expect(await walkService('yardang -zzq', { window: 5, strategy: 'terms' }))
      .toEqual(await walkService('yardang -zzq', { window: 5, strategy: 'index' }));
    expect(await walkService('yardang', { window: 5 })).toEqual(byIndex);
    // Posts created in the same instant (one INSERT): windows still split them by id, without repeats or gaps.
    await seed('zephyrine', Array.from({ length: 23 }, () => ({ secondsAgo: 1, inTitle: false })));
    const tied = await walkService('zephyrine', { window: 5, strategy: 'index' });
    expect(new Set(tied).size).toBe(23);
    expect(await walkService('zephyrine', { window: 5, strategy: 'scan' })).toEqual(tied);
    expect(await walkService('zephyrine', { window: 5, strategy: 'terms' })).toEqual(tied);
    const scoped = await walkService('yardang', { window: 5, strategy: 'index', communityId: group.id });
    expect(scoped).toHaveLength(11);
    expect(await walkService('yardang', { window: 5, strategy: 'scan', communityId: group.id })).toEqual(scoped);
    // A window of 5 ranks 5 posts together: each window shows its title matches first.
    const page = await findPosts(services, ben.id, 'yardang', { window: 5, strategy: 'scan' });
    const windowOfTitles = (first: boolean) => [true, first, false, false, false];
    expect(page.posts.map((p) => p.title.startsWith('yardang'))).toEqual([
      ...windowOfTitles(true), ...windowOfTitles(false), ...windowOfTitles(false), ...windowOfTitles(false)]);
    expect(page.posts[0].highlight?.title).toBe('<mark>yardang</mark> note 0');
  });

  it('walks a plain one-word search by the word its own statement finds, with the same pages as the index path', async () => {
    const specs = Array.from({ length: 17 }, (_, i) => ({ secondsAgo: i + 1, inTitle: i % 3 === 0 }));
    await seed('gabbro', specs);
    for (const text of ['gabbro', 'gabbro -zzq', 'Gabbros -zzq -zzr']) {
      const byIndex = await walkService(text, { window: 5, strategy: 'index' });
      expect(byIndex, text).toHaveLength(17);
      expect(await walkService(text, { window: 5 }), text).toEqual(byIndex);
    }
    // A stop word leaves no word to walk: the estimate's way answers ('the -zzq' is every post without 'zzq').
    expect(await walkService('the', { window: 5 })).toEqual([]);
    expect(await walkService('the -zzq', { window: 5 })).toEqual(await walkService('the -zzq', { window: 5, strategy: 'index' }));
    expect(await walkService('zzqnothing', { window: 5 })).toEqual([]);
  });

  it('takes the words of a plain search, and their estimates, from each word kept: nothing asked again but the walk', async () => {
    const specs = Array.from({ length: 19 }, (_, i) => ({ secondsAgo: i + 1, inTitle: i % 3 === 0 }));
    const both = await seed('basalt scoria', specs);
    await seed('basalt', specs.slice(0, 7));
    const statements = async (work: () => Promise<unknown>) => (await sentStatements(services.db, work)).length;
    for (const text of ['Basalt scoria -zzq', 'the basalts scoria -zzq -zzr']) {
      expect(await plainWords(services, text), text).toMatchObject({ words: [{ word: 'basalt' }, { word: 'scoria' }] });
      const byIndex = await walkService(text, { window: 5, strategy: 'index' });
      expect(byIndex.sort(), text).toEqual([...both].sort());
      expect((await walkService(text, { window: 5 })).sort(), text).toEqual(byIndex);
      expect(await walkService(text, { window: 5 }), text).toEqual(await walkService(text, { window: 5, strategy: 'index' }));
    }
    // Words seen before (as spelt: a word's stem is PostgreSQL's to say): another text of them runs its own statement
    // only, the first window's walk of the rarer word.
    expect(await statements(() => findPosts(services, ben.id, 'scoria Basalt -zzq1'))).toBe(1);
    // The estimate is the product of the words' shares, as the planner's for an AND.
    const words = await plainWords(services, 'basalt scoria');
    const { total } = words!.estimate;
    expect(words!.estimate.matches).toBe(Math.max(1, Math.round(words!.words.reduce((p, w) => p * Math.min(1, w.matches / total), 1) * total)));
    // Anything but plain words (or a lone excluded word) asks PostgreSQL for the whole text, as before.
    for (const text of ['"basalt scoria"', 'basalt or scoria', 'self-care', '-basalt', 'basalt -']) {
      expect(await plainWords(services, text), text).toBeNull();
    }
  });

  it("runs the index path's first window everywhere as a prepared statement, its text built once (docs/decisions/0105)", async () => {
    await seed('obsidian pumice', Array.from({ length: 9 }, (_, i) => ({ secondsAgo: i + 1, inTitle: i % 2 === 0 })));
    let page: PostsPage | undefined;
    const sent = await sentStatementsNamed(services.db, async () => {
      page = await findPosts(services, ben.id, 'obsidian pumice -zzq', { strategy: 'index' });
    });
    expect(page?.posts).toHaveLength(9);
    const windows = sent.filter((s) => s.text.includes('hits AS MATERIALIZED'));
    expect(windows).toHaveLength(1);
    expect(windows[0].name).toMatch(/^q_/);
  });

  it('tells a one-word search by its look: plain words, excluded ones aside', () => {
    for (const text of ['grief', ' grief -zzq1 ', 'Trauma -a -b', 'café']) expect(looksOneWord(text), text).toBe(true);
    for (const text of ['', '-grief', 'grief loss', 'grief or loss', 'or', '"grief"', 'self-care', "o'brien", 'grief -"a b"']) {
      expect(looksOneWord(text), text).toBe(false);
    }
  });

  it("gives the searcher their own likes and bookmarks, whether their request ran the search or a kept one answered", async () => {
    const [liked, saved, plain] = await seed('tephrite', [1, 2, 3].map((secondsAgo) => ({ secondsAgo, inTitle: true })));
    await call('POST', `/api/forumPosts/${liked}/like`, ana, { liked: true });
    await call('PUT', `/api/forumPosts/${saved}/bookmark`, ana);
    // Whether the reader is among the likers (the shared list of recent likers includes them when they like it).
    const flags = (page: PostsPage, reader: TestUser) =>
      Object.fromEntries(page.posts.map((p) => [p._id, [p.likes.includes(reader.id), p.bookmarked]]));
    const anas = { [liked]: [true, false], [saved]: [false, true], [plain]: [false, false] };
    const none = { [liked]: [false, false], [saved]: [false, false], [plain]: [false, false] };
    // Ana's request runs the search (her flags come with its rows); Ben's is answered by the kept search.
    expect(flags(await findPosts(services, ana.id, 'tephrite'), ana)).toEqual(anas);
    expect(flags(await findPosts(services, ben.id, 'tephrite'), ben)).toEqual(none);
    // Ben runs it first this time (another text): Ana, answered by the kept search, still gets her own.
    expect(flags(await findPosts(services, ben.id, 'tephrite -zzq'), ben)).toEqual(none);
    expect(flags(await findPosts(services, ana.id, 'tephrite -zzq'), ana)).toEqual(anas);
  });

  it("lists the top bar's titles: the first posts of the search's first page, in its order", async () => {
    const specs = Array.from({ length: 12 }, (_, i) => ({ secondsAgo: i + 1, inTitle: i % 4 === 1, communityId: i % 2 ? group.id : undefined }));
    await seed('peridotite', specs);
    const page = await findPosts(services, ben.id, 'peridotite -zzq');
    const titles = await findPostTitles(services, 'peridotite -zzq', 8);
    expect(titles.map((t) => [t.id, t.title, t.author_id, t.community_id, t.community_name])).toEqual(page.posts.slice(0, 8)
      .map((p) => [p._id, p.title, p.author._id, p.community?._id ?? null, p.community?.name ?? null]));
  });

  it('walks only a word every match must hold: none under OR, never an excluded one', async () => {
    expect(await requiredWords(ctx.db, 'grief -loss')).toEqual(['grief']);
    expect(await requiredWords(ctx.db, 'EMDR "grief work"')).toEqual(['emdr', 'grief', 'work']);
    expect(await requiredWords(ctx.db, 'grief or loss')).toEqual([]);
    // querytree leaves excluded words out: what is left must all match.
    expect(await requiredWords(ctx.db, 'grief -"loss work"')).toEqual(['grief']);
    expect(await requiredWords(ctx.db, "o'brien's")).toEqual(['o', 'brien']);
    expect(await requiredWords(ctx.db, 'the -and')).toEqual([]);
  });

  it('scans newest first only when the words are common enough for the scan to stop early', () => {
    const million = 1_000_000;
    // 'grief' in the benchmark: 12,351 estimated matches; the scan reads about 61 / 1.2 % = 4,900 posts.
    expect(chooseStrategy({ matches: 12_351, total: million }, 60, null)).toEqual({ strategy: 'scan', cap: 14_817 });
    // A rarer word: fetching its 4,980 matches beats scanning about 12,000 posts.
    expect(chooseStrategy({ matches: 4_980, total: million }, 60, null).strategy).toBe('index');
    expect(chooseStrategy({ matches: 200, total: million }, 60, null).strategy).toBe('index');
    // Within a community of 500 posts, reading them all beats reading 'grief's whole posting list, not 'emdr grief's.
    expect(chooseStrategy({ matches: 12_351, total: million }, 60, 500).strategy).toBe('scan');
    expect(chooseStrategy({ matches: 192, total: million }, 60, 500).strategy).toBe('index');
    expect(chooseStrategy({ matches: million, total: million }, 60, 500)).toEqual({ strategy: 'scan', cap: 183 });
  });
});

describe('POST /api/forumPosts/:id/like', () => {
  it('toggles the reader\'s like and returns the updated post', async () => {
    const post = await newPost(ana);
    const liked = await call('POST', `/api/forumPosts/${post._id}/like`, ben);
    expect(liked.status).toBe(200);
    expect(liked.body).toMatchObject({ _id: post._id, likes: [ben.id], likesCount: 1 });
    const both = await call('POST', `/api/forumPosts/${post._id}/like`, ana);
    expect([...both.body.likes].sort()).toEqual([ana.id, ben.id].sort());
    const unliked = await call('POST', `/api/forumPosts/${post._id}/like`, ben);
    expect(unliked.body).toMatchObject({ likes: [ana.id], likesCount: 1 });
  });

  it('leaves exactly one like when the same like arrives twice at once', async () => {
    const post = await newPost(ana);
    const results = await Promise.all([
      call('POST', `/api/forumPosts/${post._id}/like`, ben, { liked: true }),
      call('POST', `/api/forumPosts/${post._id}/like`, ben, { liked: true }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await likeRows(post._id)).toBe(1);
    expect((await call('GET', `/api/forumPosts/${post._id}`, ben)).body).toMatchObject({ likes: [ben.id], likesCount: 1 });
    await call('POST', `/api/forumPosts/${post._id}/like`, ben, { liked: false });
    await call('POST', `/api/forumPosts/${post._id}/like`, ben, { liked: false });
    expect(await likeRows(post._id)).toBe(0);
  });

  it('keeps the count equal to the rows when two toggles race', async () => {
    const post = await newPost(ana);
    await Promise.all([call('POST', `/api/forumPosts/${post._id}/like`, ben), call('POST', `/api/forumPosts/${post._id}/like`, ben)]);
    const rows = await likeRows(post._id);
    expect(rows).toBeLessThanOrEqual(1);
    expect((await call('GET', `/api/forumPosts/${post._id}`, ben)).body.likesCount).toBe(rows);
  });

  it('needs a verified licence, a session and an existing post', async () => {
    const post = await newPost(ana);
    expect(await call('POST', `/api/forumPosts/${post._id}/like`, pending)).toEqual({ status: 403, body: { msg: NOT_VERIFIED, code: 'NOT_VERIFIED' } });
    expect((await call('POST', `/api/forumPosts/${post._id}/like`)).status).toBe(401);
    expect(await call('POST', `/api/forumPosts/${UNKNOWN_ID}/like`, ben)).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
    expect((await call('POST', `/api/forumPosts/${post._id}/like`, ben, { liked: 'yes' })).status).toBe(400);
  });
});

describe('DELETE /api/forumPosts/:id', () => {
  it('lets the author delete, with comments, likes and the community count', async () => {
    const before = (await communityCounts(group.id)).posts;
    const post = await newPost(ana, { communityId: group.id });
    const comment = await call('POST', `/api/forumPosts/${post._id}/comments`, ben, { content: 'first' });
    await call('POST', `/api/forumPosts/comments/${comment.body._id}/reply`, ana, { content: 'reply' });
    await call('POST', `/api/forumPosts/comments/${comment.body._id}/like`, ana);
    await call('POST', `/api/forumPosts/${post._id}/like`, ben);
    expect(await call('DELETE', `/api/forumPosts/${post._id}`, ana)).toEqual({ status: 200, body: { msg: 'Post deleted.' } });
    expect((await call('GET', `/api/forumPosts/${post._id}`, ana)).status).toBe(404);
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM comments WHERE post_id = ${post._id}`)).toEqual([]);
    expect(await queryRows(ctx.db, sql`SELECT 1 FROM comment_likes WHERE comment_id = ${comment.body._id}`)).toEqual([]);
    expect(await likeRows(post._id)).toBe(0);
    expect((await communityCounts(group.id)).posts).toBe(before);
    expect(await call('DELETE', `/api/forumPosts/${post._id}`, ana)).toEqual({ status: 404, body: { msg: POST_NOT_FOUND, code: 'NOT_FOUND' } });
  });

  it('is for the author only: administrators remove with their own, audited route', async () => {
    const post = await newPost(ana);
    const refused = { status: 403, body: { msg: ONLY_AUTHOR_DELETES, code: 'FORBIDDEN' } };
    expect(await call('DELETE', `/api/forumPosts/${post._id}`, ben)).toEqual(refused);
    expect(await call('DELETE', `/api/forumPosts/${post._id}`, pending)).toEqual(refused);
    expect(await call('DELETE', `/api/forumPosts/${post._id}`, admin)).toEqual(refused);
    expect((await call('DELETE', `/api/forumPosts/${post._id}`)).status).toBe(401);
    expect((await call('GET', `/api/forumPosts/${post._id}`, ana)).status).toBe(200);
    expect((await call('DELETE', '/api/forumPosts/not-an-id', admin)).status).toBe(400);
    const own = await newPost(admin);
    expect((await call('DELETE', `/api/forumPosts/${own._id}`, admin)).status).toBe(200);
  });
});
