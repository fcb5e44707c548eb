// A member's screen rendered on the server (docs/decisions/0104): the page cookie, who gets a rendered page, what it
// holds, and that nothing else honours the cookie. Against the web app built for real and a real database.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAWN_SCREENS, drawnScreenReads } from '../../common/drawn-screens.ts';
import { PAGE_SESSION_COOKIE, PAGE_STATE_ID } from '../../common/member-page.ts';
import { cachedWebBuild } from '../../scripts/web-build-cache.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '../test/factories.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

// Shared with the browser tests' server and reused while the web sources are unchanged: only read here.
let webDir: string;
let ctx: TestContext;
let ana: TestUser, ben: TestUser, cleo: TestUser, pending: TestUser;
// A title that would end the state's script element if it were not escaped.
const FIRST_POST = 'Supervision notes </script><script>alert(1)</script> for peers';

beforeAll(async () => {
  webDir = cachedWebBuild();
  ctx = await createTestContext({ webDir });
  [ana, ben, cleo, pending] = await Promise.all([
    createUser(ctx.db, { name: 'Ana Page' }), createUser(ctx.db, { name: 'Ben Page' }), createUser(ctx.db, { name: 'Cleo Private' }),
    createUser(ctx.db, { name: 'Pat Pending', status: 'pending' }),
  ]);
  const post = await ctx.app.inject({ method: 'POST', url: '/api/forumPosts', headers: ben.headers, payload: { title: FIRST_POST, content: 'C' } });
  expect(post.statusCode).toBe(201);
  for (const [from, to] of [[ana, ben], [ben, cleo]]) {
    const made = await ctx.app.inject({ method: 'POST', url: '/api/conversations', headers: from.headers, payload: { recipientId: to.id } });
    expect(made.statusCode).toBeLessThan(300);
  }
  await untilDrawn(ctx, ana);
}, 420_000); // a web build when none is kept: minutes on a busy two-core machine
afterAll(() => ctx?.close());

/** The renderer loads at the first member's page request (that one is plain): until then, ask again. */
async function untilDrawn(context: TestContext, member: TestUser): Promise<number> {
  // Time, not a count of tries: on a busy machine loading the renderer takes longer.
  const until = Date.now() + 90_000;
  for (let asked = 1; Date.now() < until; asked++) {
    const response = await context.app.inject({ method: 'GET', url: '/forums', headers: { cookie: cookies(member.token) } });
    if (response.body.includes(PAGE_STATE_ID)) return asked;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the renderer never loaded');
}

const cookies = (token: string, hint = true) => `${PAGE_SESSION_COOKIE}=${token}${hint ? '; thera_member=1' : ''}`;
const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const state = (html: string) => {
  const match = new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">([^<]*)</script>`).exec(html);
  type Query = { queryKey: unknown[]; state: { status: string } };
  return match ? JSON.parse(match[1]) as { me: { _id: string }; tag: string; queries: { queries: Query[] } } : undefined;
};
const isPlain = (html: string) => html.includes('<div id="root"></div>') && !html.includes(PAGE_STATE_ID);
const setCookie = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie'] ?? '');

describe('the page cookie', () => {
  it('is set at sign-in: HttpOnly, SameSite=Strict, for the whole site, lasting as long as a session may', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: ana.email, password: TEST_PASSWORD } });
    const { token } = login.json<{ token: string }>();
    expect(setCookie(login)).toBe(`${PAGE_SESSION_COOKIE}=${token}; Max-Age=${Math.floor(ctx.config.session.maxAgeMs / 1000)}; Path=/; HttpOnly; SameSite=Strict`);
  });

  it('is given by the session check to a browser holding a token without it, and not sent again once it has it', async () => {
    const without = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: ana.headers });
    expect(setCookie(without)).toContain(`${PAGE_SESSION_COOKIE}=${ana.token};`);
    const withIt = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { ...ana.headers, cookie: cookies(ana.token) } });
    expect(withIt.headers['set-cookie']).toBeUndefined();
  });

  it('opens no API route: a request with only the cookie is refused', async () => {
    for (const url of ['/api/users/me', '/api/forumPosts/feed', '/api/conversations?limit=100']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies(ana.token) } });
      expect(response.statusCode, url).toBe(401);
    }
    const write = await ctx.app.inject({ method: 'POST', url: '/api/forumPosts', headers: { cookie: cookies(ana.token) }, payload: { title: 'T', content: 'C' } });
    expect(write.statusCode).toBe(401);
  });

  it('is cleared at sign-out, and a signed-out session renders the plain page (and loses its cookie)', async () => {
    const member = await createUser(ctx.db);
    expect(state((await page('/forums', cookies(member.token))).body)).toBeDefined();
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: { ...member.headers, cookie: cookies(member.token) } });
    expect(setCookie(logout)).toMatch(new RegExp(`^${PAGE_SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`));
    const after = await page('/forums', cookies(member.token));
    expect(after.statusCode).toBe(200);
    expect(isPlain(after.body)).toBe(true);
    expect(setCookie(after)).toContain(`${PAGE_SESSION_COOKIE}=; Max-Age=0`);
  });
});

describe("a member's screen rendered on the server", () => {
  it('draws /forums with the first post of the feed, the state beside it, never stored', async () => {
    const feed = (await ctx.app.inject({ method: 'GET', url: '/api/forumPosts/feed', headers: ana.headers })).json<{ posts: { title: string }[] }>();
    expect(feed.posts[0].title).toBe(FIRST_POST);
    const response = await page('/forums', cookies(ana.token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Forums · Thera Root</title>');
    expect(html).toMatch(/<div id="root">.*<article class="post-card"/s);
    expect(html).toContain('Supervision notes &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; for peers');
    // The title's markup is escaped in the JSON too: the only script ends are the page's own.
    expect(html).not.toContain('</script><script>alert(1)');
    const drawn = state(html)!;
    expect(drawn.me._id).toBe(ana.id);
    expect(JSON.stringify(drawn.queries)).toContain('Supervision notes');
    // The boot script's requests are in the page already.
    expect(html).not.toMatch(/src="\/assets\/boot-/);
    // Nor the screen's preloads: the page is painted first, the code follows (0104).
    expect(html).not.toMatch(/rel="modulepreload"[^>]*(ForumsPage|AppLayout)/);
    expect((await page('/forums')).body).toMatch(/rel="modulepreload"[^>]*ForumsPage/);
    const compressed = await page('/forums', cookies(ana.token), { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toContain('Supervision notes');
  });

  it('draws the directory and the chat list; /chat holds only the member\'s own conversations', async () => {
    const therapists = await page('/therapists', cookies(ana.token));
    expect(therapists.body).toMatch(/<div id="root">.*Ben Page/s);
    expect(state(therapists.body)).toBeDefined();
    const chat = await page('/chat', cookies(ana.token));
    expect(chat.body).toMatch(/<div id="root">.*data-testid="conversation-row".*Ben Page/s);
    expect(chat.body).not.toContain('Cleo Private');
    const bens = await page('/chat', cookies(ben.token));
    expect(bens.body).toContain('Cleo Private');
  });

  // The descriptor alone says what the page holds: as many answers as it names reads, each in the cache (the keys are
  // the screen code's, checked in web/app/first-data.test.ts), and nothing the render asked for without data.
  for (const screen of DRAWN_SCREENS) {
    it(`draws ${screen.path} with its descriptor's reads in the state, and only there`, async () => {
      const drawn = state((await page(screen.path, cookies(ana.token))).body)!;
      expect(drawn.queries.queries.map((q) => q.state.status)).toEqual(drawnScreenReads(screen).map(() => 'success'));
      expect(state((await page(`${screen.path}?q=x`, cookies(ana.token))).body)).toBeUndefined();
    });
  }

  it('sends the plain page to a visitor, a pending member, a junk or unknown cookie, and a token sent as a header', async () => {
    const plain = [
      await page('/forums'),
      await page('/therapists', cookies(pending.token)),
      await page('/forums', cookies('not-a-session-token')),
      await page('/forums', `${PAGE_SESSION_COOKIE}=${'x'.repeat(500)}; thera_member=1`),
      await page('/forums', `${PAGE_SESSION_COOKIE}="<script>"; thera_member=1`),
      await page('/forums', 'thera_member=1', ana.headers),
    ];
    for (const response of plain) {
      expect(response.statusCode).toBe(200);
      expect(isPlain(response.body)).toBe(true);
      expect(response.body).not.toContain('Supervision notes');
    }
  });

  it('renders only the plain address of the three screens, only for a GET, and only while the app says a token is stored', async () => {
    for (const url of ['/forums?sort=top', '/chat/123', '/resources', '/']) expect(state((await page(url, cookies(ana.token))).body), url).toBeUndefined();
    expect(state((await page('/forums', cookies(ana.token, false))).body)).toBeUndefined();
    const head = await ctx.app.inject({ method: 'HEAD', url: '/forums', headers: { cookie: cookies(ana.token) } });
    expect(head.statusCode).toBe(200);
  });
});

// The boot script bundles the descriptors (common/drawn-screens.ts) and must start its requests at once: no chunk of its
// own to wait for, which a module shared with the app would become.
it('builds the boot script as one file that imports nothing', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { imports?: string[]; dynamicImports?: string[] }>;
  expect(manifest['boot.ts']).toBeDefined();
  expect([...manifest['boot.ts'].imports ?? [], ...manifest['boot.ts'].dynamicImports ?? []]).toEqual([]);
});

it("does not serve the server's renderer as a file", async () => {
  const file = await ctx.app.inject({ method: 'GET', url: '/.ssr/prerender.js' });
  expect(file.body).not.toContain('renderMemberPage');
});

it('loads the renderer at the first member page asked for, not at start: that one is sent plain', async () => {
  const fresh = await createTestContext({ webDir });
  try {
    expect(await untilDrawn(fresh, await createUser(fresh.db))).toBeGreaterThan(1);
  } finally {
    await fresh.close();
  }
});

it("draws the forums' side columns with their data, not \"Loading...\" (which filled in later and moved the posts)", async () => {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/communities', headers: ana.headers, payload: { name: 'Page Grief Circle', description: 'D' } });
  expect(made.statusCode).toBe(201);
  const joined = await ctx.app.inject({ method: 'POST', url: `/api/communities/${made.json()._id}/join`, headers: ana.headers });
  expect(joined.statusCode).toBeLessThan(300);
  await expect.poll(async () => (await page('/forums', cookies(ana.token))).body, { timeout: 15_000 }).toContain('Page Grief Circle');
  const html = (await page('/forums', cookies(ana.token))).body;
  expect(html).not.toContain('Loading communities');
  expect(html).not.toContain('Loading recommendations');
  const keys = state(html)!.queries.queries.map((q) => JSON.stringify(q.queryKey));
  expect(keys).toEqual(expect.arrayContaining(['["communities","joined"]', '["communities","recommendations"]']));
});

describe('a render past its bound', () => {
  // The renderer's first load has taken 30 s on a busy two-core machine: the wait for it is that machine's, not a quiet one's.
  it('sends the plain page, never an error', { timeout: 300_000 }, async () => {
    const lines: string[] = [];
    const hurried = await createTestContext({ webDir, pageRenderMs: 0, config: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
    try {
      const member = await createUser(hurried.db);
      const ask = () => hurried.app.inject({ method: 'GET', url: '/forums', headers: { cookie: cookies(member.token) } });
      await ask();
      await expect.poll(() => lines.some((line) => line.includes('member page renderer loaded')), { timeout: 180_000 }).toBe(true);
      const response = await ask();
      expect(response.statusCode).toBe(200);
      expect(isPlain(response.body)).toBe(true);
    } finally {
      await hurried.close();
    }
  });
});
