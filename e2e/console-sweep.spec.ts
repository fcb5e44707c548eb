// Every page a member opens, and every public page, loaded three times at each width: not one console error, uncaught
// exception or hydration warning (React reports a takeover that does not match the server's markup as an error). Pages
// the server draws (docs/decisions/0104) are taken over a little differently at each load, so one load proves little.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, say, signIn, startConversation, type NewUser } from './support.ts';

const LOADS = 3;

/** Console errors and warnings, uncaught exceptions and CSP violations, while the page loads and settles. */
async function watchConsole(page: Page): Promise<string[]> {
  const problems: string[] = [];
  // A violation the page's code catches (a library probing for eval) logs nothing, but the browser still reports it.
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
  }));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || (message.type() === 'warning' && /hydrat|did not match|server rendered/i.test(text))) {
      problems.push(`${message.type()}: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

type Member = { me: NewUser; peer: NewUser; communityId: string; postId: string; conversationId: string; referralId: string | null };

/** A verified member with a little of everything: a conversation both wrote in, a post with a comment, a bookmark. */
async function memberWithData(request: APIRequestContext): Promise<Member> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const [me, peer] = [await createVerifiedUser(request, undefined, admin), await createVerifiedUser(request, undefined, admin)];
  const as = (user: NewUser) => ({ 'x-auth-token': user.token });
  const conversationId = await startConversation(request, me, peer);
  await say(me, conversationId, 'Hello, do you take referrals?');
  await say(peer, conversationId, 'Yes, send me the details.');
  const communities = await (await request.get('/api/communities?page=1&limit=1', { headers: as(me) })).json();
  const communityId: string = communities.communities[0]._id;
  expect((await request.post(`/api/communities/${communityId}/join`, { headers: as(me) })).status()).toBeLessThan(300);
  const post = await request.post('/api/forumPosts', { headers: as(me), data: { title: `Sweep post ${me.name}`, content: 'Anyone?', communityId } });
  expect(post.status(), await post.text()).toBe(201);
  const postId: string = (await post.json())._id;
  const comment = await request.post(`/api/forumPosts/${postId}/comments`, { headers: as(peer), data: { content: 'I can help.' } });
  expect(comment.status(), await comment.text()).toBe(201);
  expect((await request.put(`/api/forumPosts/${postId}/bookmark`, { headers: as(me) })).status()).toBeLessThan(300);
  const referral = await request.post('/api/referrals', {
    headers: as(me),
    data: { ageGroup: 'Adults', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', recipientIds: [peer.id], note: 'Evenings preferred.' },
  });
  const referralId: string | null = referral.ok() ? (await referral.json())._id ?? null : null;
  return { me, peer, communityId, postId, conversationId, referralId };
}

const memberRoutes = (m: Member): string[] => [
  '/', '/forums', '/communities', `/community/${m.communityId}`, `/community/${m.communityId}/post/${m.postId}`, `/post/${m.postId}`,
  '/bookmarks', '/chat', `/chat/${m.conversationId}`, '/referrals', '/referrals/sent', '/referrals/board', '/referrals/new',
  ...(m.referralId ? [`/referrals/${m.referralId}`] : []),
  '/resources', '/therapists', `/profile/${m.peer.id}`, '/my-profile', '/edit-profile', '/settings', '/settings/security',
  '/settings/notifications', '/notifications', '/faq',
];
const PUBLIC_ROUTES = ['/', '/login', '/register', '/forgot-password', '/resources', '/therapists', '/faq'];

/** Loads the page and waits until the app has taken it over and its data has arrived. */
async function load(page: Page, path: string) {
  await test.step(`load ${path}`, async () => {
    await page.goto(path);
    await page.waitForFunction(() => [...document.querySelectorAll('#root *')]
      .some((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))));
    await page.waitForLoadState('networkidle');
  });
}

test.describe('signed in as a verified member with some data', () => {
  let member: Member;
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    member = await memberWithData(request);
  });

  test('the pages the server draws carry their relative times, and the takeover writes the same', async ({ page }) => {
    await signIn(page, member.me.email, member.me.password);
    const problems = await watchConsole(page);
    for (const [path, item] of [['/chat', '[data-testid="conversation-row"]'], ['/forums', 'section[aria-label="Posts"] article']] as const) {
      const html = await (await page.goto(path))!.text();
      expect(html, `${path} arrives drawn`).toContain('id="thera-page-state"');
      // The conversation and the post are seconds old.
      expect(html, `${path}: the drawn time`).toMatch(/>(just now|\d+s ago|\dm ago)</);
      await expect(page.locator(item).first()).toContainText(/just now|\d+s ago|\dm ago/);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  });

  test('no console error on any member page, three loads each', async ({ page }) => {
    test.setTimeout(600_000);
    await signIn(page, member.me.email, member.me.password);
    const problems = await watchConsole(page);
    const seen: string[] = [];
    for (const path of memberRoutes(member)) {
      for (let i = 1; i <= LOADS; i++) {
        const before = problems.length;
        await load(page, path);
        for (const problem of problems.slice(before)) seen.push(`${path} (load ${i}): ${problem}`);
      }
    }
    expect(seen).toEqual([]);
  });
});

test('no console error on any public page, three loads each', async ({ page }) => {
  test.setTimeout(300_000);
  const problems = await watchConsole(page);
  const seen: string[] = [];
  for (const path of PUBLIC_ROUTES) {
    for (let i = 1; i <= LOADS; i++) {
      const before = problems.length;
      await load(page, path);
      for (const problem of problems.slice(before)) seen.push(`${path} (load ${i}): ${problem}`);
    }
  }
  expect(seen).toEqual([]);
});
