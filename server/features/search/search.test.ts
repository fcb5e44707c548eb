// GET /api/search ("One search box"): grouped top results with the feature's own visibility rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_KINDS, SearchResponse } from '../../../common/search.ts';
import { blocks, posts, resources } from '../../db/schema.ts';
import { NOT_VERIFIED } from '../../lib/auth.ts';
import { createAdmin, createCommunity, createUser, type TestUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { caller } from '../../test/http.ts';
import { sentStatements } from '../../test/statements.ts';

let ctx: TestContext;
const call = caller(() => ctx.app);
let me: TestUser;
let blocked: TestUser;
let friend: TestUser;
let pending: TestUser;
let rejected: TestUser;
let admin: TestUser;
let community: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  me = await createUser(ctx.db, { name: 'Quokka Searcher' });
  friend = await createUser(ctx.db, { name: 'Quokka Friend', profession: 'Psychologist', location: 'Halifax, NS, Canada' });
  blocked = await createUser(ctx.db, { name: 'Quokka Blocked' });
  await createUser(ctx.db, { name: 'Quokka Hidden', listedInDirectory: false });
  for (let i = 1; i <= 7; i++) await createUser(ctx.db, { name: `Wombat ${i}` });
  pending = await createUser(ctx.db, { name: 'Quokka Pending', status: 'pending' });
  rejected = await createUser(ctx.db, { name: 'Quokka Rejected', status: 'rejected' });
  admin = await createAdmin(ctx.db, { name: 'Quokka Admin' });
  await ctx.db.insert(blocks).values({ blockerId: me.id, blockedId: blocked.id });
  community = await createCommunity(ctx.db, { name: 'Quokka Circle', description: 'Peers who like quokkas' });
  await createCommunity(ctx.db, { name: 'Unrelated Circle' });
  await ctx.db.insert(posts).values([
    { communityId: community.id, authorId: friend.id, title: 'Quokka supervision notes', content: 'What helps' },
    { communityId: community.id, authorId: blocked.id, title: 'Quokka rant', content: 'Words' },
    { authorId: friend.id, title: 'Something else', content: 'Nothing to see' },
  ]);
  await ctx.db.insert(resources).values([
    { title: 'Quokka workbook', link: 'https://example.org/a', description: 'd', category: 'Books', isApproved: true, approvedAt: new Date() },
    { title: 'Quokka draft', link: 'https://example.org/b', description: 'd', category: 'Books', isApproved: false },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const search = (q: string, user?: TestUser) => call('GET', `/api/search?q=${encodeURIComponent(q)}`, user);
const titles = (body: SearchResponse, kind: string) => body.groups.find((g) => g.kind === kind)!.items.map((i) => i.title);

describe('GET /api/search', () => {
  it('answers every group in order, each with its full search link, exactly in the schema', async () => {
    const { status, body } = await search('quokka', me);
    expect(status).toBe(200);
    expect(SearchResponse.parse(body)).toEqual(body);
    expect(body.q).toBe('quokka');
    expect(body.groups.map((g: { kind: string }) => g.kind)).toEqual([...SEARCH_KINDS]);
    // Named by their kind in the reader's language: no English label is sent.
    for (const group of body.groups) expect(group).not.toHaveProperty('label');
    expect(body.groups.map((g: { href: string }) => g.href)).toEqual([
      '/therapists?q=quokka', '/forums?q=quokka', '/communities?q=quokka', '/resources?q=quokka',
    ]);
  });

  it('finds therapists by name, leaving out the searcher, members they blocked, the opted out and the unverified', async () => {
    const { body } = await search('quokka', me);
    expect(titles(body, 'therapists')).toEqual(['Quokka Friend']);
    const [item] = body.groups[0].items;
    // Values, not a sentence: the web app says them in the reader's language (the profession is the member's own words).
    expect(item).toEqual({ _id: friend.id, title: 'Quokka Friend', profession: 'Psychologist', location: 'Halifax, NS, Canada', href: `/profile/${friend.id}` });
  });

  it('finds posts, leaving out those of members the searcher blocked, and links each to its page', async () => {
    const { body } = await search('quokka', me);
    expect(titles(body, 'posts')).toEqual(['Quokka supervision notes']);
    expect(body.groups[1].items[0].href).toMatch(new RegExp(`^/community/${community.id}/post/[0-9a-f-]{36}$`));
    expect(body.groups[1].items[0]).toMatchObject({ community: 'Quokka Circle', author: expect.any(String) });
    // Another member who blocked nobody sees both.
    expect(titles((await search('quokka', friend)).body, 'posts').sort()).toEqual(['Quokka rant', 'Quokka supervision notes']);
  });

  it('finds communities and published resources only', async () => {
    const { body } = await search('quokka', me);
    expect(titles(body, 'communities')).toEqual(['Quokka Circle']);
    expect(body.groups[2].items[0]).toMatchObject({ href: `/community/${community.id}`, membersCount: expect.any(Number) });
    expect(body.groups[2].items[0]).not.toHaveProperty('detail');
    expect(titles(body, 'resources')).toEqual(['Quokka workbook']);
    // The stored category, labelled by the web app from the catalogue's option list.
    expect(body.groups[3].items[0]).toMatchObject({ category: 'Books', href: '/resources?q=Quokka%20workbook' });
  });

  it('shows at most five of a kind; the group link leads to the rest', async () => {
    const { body } = await search('wombat', me);
    expect(titles(body, 'therapists')).toEqual(['Wombat 1', 'Wombat 2', 'Wombat 3', 'Wombat 4', 'Wombat 5']);
    expect(body.groups[0].href).toBe('/therapists?q=wombat');
  });

  it('finds therapists by specialty, modality, language and location too, not only by name', async () => {
    await createUser(ctx.db, { name: 'Zora Quill', specialties: ['Perinatal and Postpartum', 'Anxiety'] });
    await createUser(ctx.db, { name: 'Yuri Vance', modalities: ['EMDR'] });
    await createUser(ctx.db, { name: 'Xavi Lund', languages: ['English', 'Tigrinya'] });
    await createUser(ctx.db, { name: 'Wren Holt', location: 'Kelowna, BC, Canada' });
    for (const [words, name] of [
      ['perinatal', 'Zora Quill'], ['Postpartum', 'Zora Quill'], ['anxiety', 'Zora Quill'], ['EMDR', 'Yuri Vance'],
      ['tigrinya', 'Xavi Lund'], ['kelowna', 'Wren Holt'],
    ]) expect(titles((await search(words, me)).body, 'therapists'), words).toContain(name);
    // "See all" leads to the directory, which finds the same colleagues, paged.
    const directory = (await call('GET', '/api/users?q=perinatal&limit=1', me)).body;
    expect(directory).toMatchObject({ users: [{ name: 'Zora Quill' }], totalPages: 1 });
  });

  it('ranks name matches first, then what they practise, the languages they speak, where they are', async () => {
    await createUser(ctx.db, { name: 'Abe Adams', location: 'French River, ON, Canada' });
    await createUser(ctx.db, { name: 'Zane Wolfe', languages: ['French'] });
    await createUser(ctx.db, { name: 'Frenchie Bower' });
    expect(titles((await search('french', me)).body, 'therapists')).toEqual(['Frenchie Bower', 'Zane Wolfe', 'Abe Adams']);
    await createUser(ctx.db, { name: 'Aida Quist', languages: ['Somali'] });
    await createUser(ctx.db, { name: 'Zeke Moss', modalities: ['Somatic'] });
    expect(titles((await search('som', me)).body, 'therapists')).toEqual(['Zeke Moss', 'Aida Quist']);
    // The directory's search for the same words, page by page, in the same order.
    const pages = await Promise.all([1, 2, 3].map((page) => call('GET', `/api/users?q=french&limit=1&page=${page}`, me)));
    expect(pages.map((p) => p.body.users.map((u: { name: string }) => u.name)).flat()).toEqual(['Frenchie Bower', 'Zane Wolfe', 'Abe Adams']);
    expect(pages[0].body).toMatchObject({ totalPages: 3, total: 3 });
  });

  it('answers empty groups when nothing matches', async () => {
    const { status, body } = await search('zzzxqnothing', me);
    expect(status).toBe(200);
    expect(body.groups.every((g: { items: unknown[] }) => g.items.length === 0)).toBe(true);
  });

  it('is for verified members (and administrators): 401 signed out, 403 pending or rejected', async () => {
    expect(await search('quokka')).toMatchObject({ status: 401 });
    expect(await search('quokka', pending)).toEqual({ status: 403, body: expect.objectContaining({ msg: NOT_VERIFIED }) });
    expect(await search('quokka', rejected)).toEqual({ status: 403, body: expect.objectContaining({ msg: NOT_VERIFIED }) });
    expect((await search('quokka', admin)).status).toBe(200);
  });

  it('refuses a missing, blank or too long query with 400 naming q', async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20', `/api/search?q=${'a'.repeat(101)}`]) {
      const { status, body } = await call('GET', url, me);
      expect(status, url).toBe(400);
      expect(body.msg, url).toMatch(/\bq\b/);
    }
  });

  it("lists each group's first matches exactly as its screen's own search orders them", async () => {
    // More than the text index collects (1,000): the library then walks its publication order; and a few, sorted.
    const at = Date.now();
    await ctx.db.insert(resources).values(Array.from({ length: 1003 }, (_, i) => ({
      title: `Numbat guide ${i}`, link: `https://example.org/n${i}`, description: i % 2 ? 'numbat notes' : 'd', category: 'Books',
      isApproved: i % 10 !== 0, approvedAt: new Date(at - ((i * 7919) % 1003) * 1000),
    })));
    for (const words of ['numbat', 'numbat notes', 'quokka']) {
      const { body } = await search(words, me);
      const library = (await call('GET', `/api/resources/search?query=${encodeURIComponent(words)}&page=1&limit=5`, me)).body;
      expect(titles(body, 'resources'), words).toEqual(library.resources.map((r: { title: string }) => r.title));
      const circles = (await call('GET', `/api/communities/search?query=${encodeURIComponent(words)}&page=1&limit=5`, me)).body;
      expect(titles(body, 'communities'), words).toEqual(circles.communities.map((c: { name: string }) => c.name));
    }
    expect(titles((await search('numbat', me)).body, 'resources')).toHaveLength(5);
  });

  it('shows a post to its writer at once, though answers are kept a few seconds by words', async () => {
    expect(titles((await search('bilbyesque', friend)).body, 'posts')).toEqual([]);
    const made = await call('POST', '/api/forumPosts', friend, { title: 'Bilbyesque notes', content: 'x' });
    expect(made.status).toBe(201);
    expect(titles((await search('bilbyesque', friend)).body, 'posts')).toEqual(['Bilbyesque notes']);
  });

  it('reads what no cache answers in one statement (docs/decisions/0105): every group and the blocks together', async () => {
    let body!: SearchResponse;
    const sent = await sentStatements(ctx.db, async () => {
      ({ body } = await search('QUOKKA', me)); // words nobody searched as spelt: nothing kept answers them
    });
    // The same items as the other tests' 'quokka', blocked members still left out.
    const items = (b: SearchResponse) => b.groups.map((g) => g.items);
    expect(items(body)).toEqual(items((await search('quokka', me)).body));
    expect(titles(body, 'posts')).toEqual(['Quokka supervision notes']);
    const reads = sent.filter((text) => /post_terms|FROM communities|FROM resources|FROM blocks|lower\("users"\."name"\) LIKE/.test(text));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/json_agg/);
  });

  it('sends its answer uncompressed, even when it is larger than what the app compresses and gzip is asked for', async () => {
    const long = 'Kowari field notes on a very long title that goes on and on about the kowari '.repeat(2);
    await ctx.db.insert(posts).values(Array.from({ length: 8 }, (_, i) => ({ authorId: friend.id, title: `${long}${i}`, content: 'x' })));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/search?q=kowari', headers: { ...me.headers, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(titles(res.json(), 'posts')).toHaveLength(5);
  });

  it('takes search syntax and symbols as plain words, never a server error', async () => {
    for (const q of ['"unclosed', 'a & b | !c', '%_\\', 'quokka -rant', '<script>', "o'brien"]) {
      const { status } = await search(q, me);
      expect(status, q).toBe(200);
    }
  });
});

describe('GET /api/search with whom the searcher blocked kept by the node (docs/decisions/0100)', () => {
  let kept: TestContext;
  const callKept = caller(() => kept.app);
  afterAll(async () => {
    await kept?.close();
  });

  it('leaves out a member from the next search after a block, and brings them back after the unblock', async () => {
    kept = await createTestContext({ config: { FIRST_PAGE_CACHE_MS: '60000' } });
    const searcher = await createUser(kept.db, { name: 'Dingo Searcher' });
    const other = await createUser(kept.db, { name: 'Dingo Other' });
    await kept.db.insert(posts).values({ authorId: other.id, title: 'Dingo field notes', content: 'x' });
    const found = async () => {
      const { status, body } = await callKept('GET', '/api/search?q=dingo', searcher);
      expect(status).toBe(200);
      return [titles(body, 'therapists'), titles(body, 'posts')];
    };
    expect(await found()).toEqual([['Dingo Other'], ['Dingo field notes']]);
    expect((await callKept('POST', `/api/users/${other.id}/block`, searcher)).status).toBe(200);
    expect(await found()).toEqual([[], []]);
    expect((await callKept('DELETE', `/api/users/${other.id}/block`, searcher)).status).toBe(200);
    expect(await found()).toEqual([['Dingo Other'], ['Dingo field notes']]);
  });
});
