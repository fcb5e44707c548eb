// Defects from a newcomer's test of the product, each checked where a user meets it, at both widths.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN, createVerifiedUser, DEMO, expectAccessible, say, screenshot, secondBrowser, showFilters, signIn, startConversation, untilLive,
} from './support.ts';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

async function expectHeadingsInOrder(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
}

test('the FAQ heading shows below the sticky header after following the FAQ link', async ({ page }) => {
  await page.goto('/');
  if (isMobile(page)) {
    await untilLive(page.getByRole('button', { name: 'Toggle navigation' }));
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'FAQ', exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ', exact: true }).click();
  }
  const heading = page.getByRole('heading', { name: 'FAQ', exact: true });
  await expect(heading).toBeInViewport();
  await expect.poll(async () => {
    const header = await page.locator('header').first().boundingBox();
    const box = await heading.boundingBox();
    return box && header ? box.y >= header.y + header.height : false;
  }).toBe(true);
});

test('the mobile public menu has one close button', async ({ page }) => {
  test.skip(!isMobile(page), 'the menu is a drawer on phones only');
  await page.goto('/');
  await untilLive(page.getByRole('button', { name: 'Toggle navigation' }));
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeVisible();
  // The burger, which turns into a second X, lies under the menu's overlay: a tap there closes the menu, nothing else.
  const burger = await page.getByRole('button', { name: 'Toggle navigation' }).boundingBox();
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null,
    { x: burger!.x + burger!.width / 2, y: burger!.y + burger!.height / 2 });
  expect(onTop).toBeNull();
  await screenshot(page, 'public-menu-one-close');
});

test('a protected link opened signed out returns there after login; /login signed in goes home', async ({ page }) => {
  await page.goto('/therapists');
  await page.goto('/settings/privacy');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fprivacy$/);
  await page.getByLabel('Email').fill(DEMO.sofia);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-therapist-2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  await expect(page).toHaveTitle('Settings · Thera Root');

  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page).toHaveTitle('Home · Thera Root');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveCount(0);
});

test('a login link from elsewhere never leads off the site', async ({ page }) => {
  await page.goto('/login?next=//evil.example/steal');
  await page.getByLabel('Email').fill(DEMO.sofia);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-therapist-2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(page.url()).host);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('an unknown community id says "Community not found." at once, asking the server nothing', async ({ page }) => {
  await signIn(page, DEMO.liam);
  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/communities/xyz')) asked.push(r.url()); });
  await page.goto('/community/xyz');
  await expect(page.getByRole('alert')).toHaveText('Community not found.');
  await expect(page.getByText(/Invalid id/)).toHaveCount(0);
  expect(asked).toEqual([]);
  await expectAccessible(page);
});

test('a missing community is asked for once, not twice', async ({ page }) => {
  await signIn(page, DEMO.liam);
  const asked: string[] = [];
  const missing = '00000000-0000-4000-8000-000000000000';
  page.on('request', (r) => { if (r.url().includes(`/api/communities/${missing}`)) asked.push(r.url()); });
  await page.goto(`/community/${missing}`);
  await expect(page.getByRole('alert')).toHaveText('Community not found.');
  await page.waitForTimeout(1500);
  expect(asked).toHaveLength(1);
});

test('each screen names itself in the browser tab', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home · Thera Root');
  await page.goto('/resources');
  await expect(page).toHaveTitle('Resources · Thera Root');
  await signIn(page, DEMO.liam);
  await page.goto('/forums');
  await expect(page).toHaveTitle('Forums · Thera Root');
  await page.goto('/chat');
  await expect(page).toHaveTitle('Chat · Thera Root');
});

test('headings go in order on /resources, /faq and a community page', async ({ page }) => {
  await page.goto('/resources');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectHeadingsInOrder(page);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectHeadingsInOrder(page);
  await signIn(page, DEMO.liam);
  await page.goto('/communities');
  await page.getByRole('link', { name: /View Community/ }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectHeadingsInOrder(page);
});

test('"Admin" is the current item on every admin screen', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  for (const path of ['/admin/verifications', '/admin/audit', '/admin/reports']) {
    await page.goto(path);
    if (isMobile(page)) await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const side = page.getByRole('navigation', { name: 'Side' });
    await expect(side.getByRole('link', { name: 'Admin' })).toHaveAttribute('data-active', 'true');
    if (isMobile(page)) await page.keyboard.press('Escape');
  }
});

test('a deleted comment with replies shows its tombstone without an empty author line', async ({ page, request }) => {
  const author = await createVerifiedUser(request);
  const replier = await createVerifiedUser(request);
  const auth = (u: { token: string }) => ({ headers: { 'x-auth-token': u.token } });
  const post = await (await request.post('/api/forumPosts', { ...auth(author), data: { title: 'Tombstone layout', content: 'A post.' } })).json();
  const top = await (await request.post(`/api/forumPosts/${post._id}/comments`, { ...auth(author), data: { content: 'To be deleted.' } })).json();
  const reply = await request.post(`/api/forumPosts/comments/${top._id}/reply`, { ...auth(replier), data: { content: 'A reply that stays.' } });
  expect(reply.status(), await reply.text()).toBe(201);
  expect((await request.delete(`/api/forumPosts/comments/${top._id}`, auth(author))).status()).toBe(200);

  await signIn(page, replier.email, replier.password);
  await page.goto(`/post/${post._id}`);
  const tombstone = page.locator(`#comment-${top._id}`);
  await expect(tombstone.getByText('A reply that stays.')).toBeVisible();
  const firstLine = tombstone.locator('p, span').filter({ visible: true }).first();
  await expect(firstLine).toHaveText(/deleted/i);
  await screenshot(page, 'deleted-comment');
  await expectAccessible(page);
});

test('chat: a short incoming message has a short bubble, Escape in the emoji picker returns to its button, a phone keeps names whole', async ({ page, request }) => {
  const ann = await createVerifiedUser(request, 'Annabelle Whitford-Castellanos');
  const ben = await createVerifiedUser(request);
  const conversationId = await startConversation(request, ann, ben);
  await say(ann, conversationId, 'Hi!');

  await signIn(page, ben.email, ben.password);
  await page.goto('/chat');
  const row = page.getByTestId('conversation-row').filter({ hasText: ann.name });
  const name = row.getByTestId('conversation-name');
  await expect(name).toHaveText(ann.name);
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
  await screenshot(page, 'chat-list-long-name');

  await page.goto(`/chat/${conversationId}`);
  const incoming = page.getByRole('log', { name: 'Messages' }).getByTestId('message').filter({ hasText: 'Hi!' }).locator('.chat-bubble');
  await expect(incoming).toBeVisible();
  expect((await incoming.boundingBox())!.width).toBeLessThan(80);

  const emoji = page.getByRole('button', { name: 'Add emoji' });
  await emoji.click();
  const picker = page.locator('.EmojiPickerReact');
  await expect(picker).toBeVisible();
  // The spec's picker: seven quick reactions as the first row, and 10 categories.
  const quick = picker.locator('li.epr-emoji-category').filter({ hasText: 'Quick reactions' })
    .locator('button[data-unified^="quick-"]').filter({ visible: true });
  const shown = await quick.evaluateAll((buttons) => buttons.map((b) => ({
    id: b.getAttribute('data-unified'), top: Math.round(b.getBoundingClientRect().top) })));
  const firstRow = shown.filter((b) => b.top === Math.min(...shown.map((x) => x.top)));
  expect(new Set(firstRow.map((b) => b.id)).size).toBe(7);
  await expect(picker.getByText('Quick reactions')).toBeVisible();
  await expect(picker.locator('.epr-cat-btn')).toHaveCount(10);
  await page.keyboard.press('Escape');
  await expect(emoji).toBeFocused();
  await expect(emoji).toHaveAttribute('aria-expanded', 'false');
  await emoji.click();
  await quick.first().click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('👍');
});

test('an administrator deletes a community from its card on /communities and from its own page', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  const create = async (name: string) => {
    const res = await request.post('/api/communities', { headers: { 'x-auth-token': member.token }, data: { name, description: 'To be removed.' } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json())._id as string;
  };
  const tag = Math.random().toString(36).slice(2, 8);
  const fromCard = `Card removal ${tag}`;
  const fromPage = `Page removal ${tag}`;
  await create(fromCard);
  const pageId = await create(fromPage);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/communities');
  await page.getByLabel('Search communities').fill(fromCard);
  const card = page.getByRole('article', { name: fromCard });
  await card.getByRole('button', { name: `Delete community ${fromCard}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);

  await page.goto(`/community/${pageId}`);
  await page.getByRole('button', { name: `Delete community ${fromPage}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/communities$/);
  expect((await request.get(`/api/communities/${pageId}`, { headers: { 'x-auth-token': member.token } })).status()).toBe(404);
});

test('members other than administrators see no delete on community cards or pages', async ({ page }) => {
  await signIn(page, DEMO.liam);
  await page.goto('/communities');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete community/ })).toHaveCount(0);
});

test('two browsers: a conversation that starts shows each side the other online at once, and reaches the other side with its first message', async ({ page, browser }, testInfo) => {
  const request = page.request;
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto('/chat');
  await signIn(page, ann.email, ann.password);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await expect(benPage.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await page.waitForTimeout(500);

  const conversationId = await startConversation(request, ann, ben);
  // No reload: the new row arrives live and already says Online.
  await expect(page.getByTestId('conversation-row').filter({ hasText: ben.name })).toContainText('Online');
  // Ben has nothing to read yet: no empty "No messages yet" conversation in his list (docs/decisions/0170).
  await page.waitForTimeout(500);
  await expect(benPage.getByTestId('conversation-row')).toHaveCount(0);
  await benPage.reload();
  await expect(benPage.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await expect(benPage.getByTestId('conversation-row')).toHaveCount(0);
  // Ann's first message brings it to his list, live, saying she is online.
  await say(ann, conversationId, 'Hello Ben');
  const row = benPage.getByTestId('conversation-row').filter({ hasText: ann.name });
  await expect(row).toContainText('Hello Ben');
  await expect(row).toContainText('Online');
  await benPage.context().close();
});

test('signed in, the directory leaves one\'s own card out of the count and every page', async ({ page }) => {
  // Amara is a listed demo therapist: a visitor's count has her, hers does not, and her pages are full.
  const visitorTotal: number = (await (await page.request.get('/api/users?limit=12')).json()).total;
  await signIn(page, DEMO.amara);
  await page.goto('/therapists');
  await expect(page.getByRole('heading', { name: 'Therapist Network', level: 1 })).toBeVisible();
  const count = page.getByRole('main').getByRole('status').filter({ hasText: /found$/ });
  const cards = page.getByRole('main').getByRole('article');
  // Other tests add members meanwhile, so the count is read from the page and checked against the pages it says.
  await expect(count).toHaveText(/^\d+ therapists found$/);
  const shown = Number((await count.textContent())!.split(' ')[0]);
  expect(shown).toBeGreaterThanOrEqual(visitorTotal - 1);
  await expect(cards).toHaveCount(12);
  await expect(cards.filter({ has: page.getByRole('heading', { name: 'Amara Okafor' }) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(count).toHaveText(/^\d+ therapists found$/);
  expect(Number((await count.textContent())!.split(' ')[0])).toBeGreaterThanOrEqual(shown);
  await expect(cards.filter({ has: page.getByRole('heading', { name: 'Amara Okafor' }) })).toHaveCount(0);
  // A search she matches: the API's count and pages agree with what shows.
  await page.goto('/therapists?location=toronto&specialties=Grief');
  await expect(count).toHaveText('1 therapist found');
  await expect(cards).toHaveCount(1);
  await expectAccessible(page);
});

test('on a phone the directory\'s filters fold behind "Filters (n)"; wider screens show them', async ({ page }) => {
  await page.goto('/therapists?location=toronto&specialties=Grief');
  await expect(page.getByRole('heading', { name: 'Therapist Network', level: 1 })).toBeVisible();
  const form = page.getByRole('search', { name: 'Filter therapists' });
  const fold = page.getByRole('main').getByRole('button', { name: /^Filters/ });
  const firstCard = page.getByRole('main').getByRole('article').first();
  await expect(firstCard).toBeVisible();
  if (!isMobile(page)) {
    await expect(fold).toBeHidden();
    await expect(form).toBeVisible();
    await expectAccessible(page);
    return;
  }
  await expect(fold).toHaveText('Filters (2)');
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(form).toBeHidden();
  // The results start on the first screen.
  await expect(firstCard).toBeInViewport();
  await screenshot(page, 'directory-filters-folded');
  await expectAccessible(page);
  await showFilters(page);
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(form.getByRole('textbox', { name: 'Location' })).toHaveValue('toronto');
  await expectAccessible(page);
  // Pressed again, it folds; a search folds it too, showing the results asked for.
  await fold.click();
  await expect(form).toBeHidden();
  await page.goto('/therapists');
  await expect(page.getByRole('main').getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
});
