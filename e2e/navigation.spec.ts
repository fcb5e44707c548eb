// The signed-in navigation at both widths: one list with every destination, counts on the label's line, and on a phone
// a dot on the menu button that says, live, what is new behind it.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { BASE_URL } from './env.ts';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, screenshot, signIn, startConversation, untilLive, type NewUser, randomWord } from './support.ts';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const burger = (page: Page) => page.getByRole('button', { name: 'Toggle navigation' });
const side = (page: Page) => page.getByRole('navigation', { name: 'Side', exact: true });

/** The navigation, opened behind the burger on a phone. */
async function openNavigation(page: Page): Promise<Locator> {
  if (isPhone(page)) {
    await untilLive(burger(page));
    await burger(page).click();
  }
  await expect(side(page)).toBeVisible();
  return side(page);
}

async function twoMembers(request: APIRequestContext): Promise<[NewUser, NewUser]> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const id = randomWord(3);
  return Promise.all([createVerifiedUser(request, `Nav Reader ${id}`, admin), createVerifiedUser(request, `Nav Sender ${id}`, admin)]);
}

/** `from` writes to `to` from a client of their own, as another device would. */
async function sendMessage(from: NewUser, conversationId: string, text: string) {
  const socket = io(BASE_URL, { path: '/socket.io', transports: ['websocket'], auth: { token: from.token }, forceNew: true });
  try {
    const reply = await socket.timeout(10_000).emitWithAck('sendMessage', { conversationId, text });
    expect(reply).not.toHaveProperty('msg');
  } finally {
    socket.disconnect();
  }
}

/** `from` refers a client to `to` only: an open referral in `to`'s list. */
async function referTo(request: APIRequestContext, from: NewUser, to: NewUser) {
  const res = await request.post('/api/referrals', {
    headers: { 'x-auth-token': from.token },
    data: { ageGroup: 'Adults', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', urgency: 'soon', note: 'Prefers evenings.', recipientIds: [to.id] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('one navigation holds every destination once; no second list in the top bar', async ({ page }) => {
  const [member] = await twoMembers(page.request);
  await signIn(page, member.email, member.password);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = await openNavigation(page);
  const destinations = [
    ['Home', '/'], ['Forums', '/forums'], ['Bookmarks', '/bookmarks'], ['Chat', '/chat'], ['Referrals', '/referrals'],
    ['Therapists', '/therapists'], ['Resources', '/resources'], ['FAQ', '/faq'], ['My Profile', '/my-profile'], ['Settings', '/settings'],
  ];
  for (const [name, href] of destinations) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  // Nowhere else: the banner holds the search and the bell, and no page-wide list repeats a destination.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Forums', exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Top' })).toHaveCount(0);
  for (const [name] of destinations) await expect(page.getByRole('navigation').getByRole('link', { name, exact: true })).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, 'one-navigation');
});

/** In the page: whether a count badge in the link sits on the same line as the link's label, not under it. */
function badgeBesideLabel(link: HTMLElement): boolean {
  const badge = link.querySelector('.mantine-Badge-root');
  const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
  let text: Node | null = null;
  while ((text = walker.nextNode()) && !['Chat', 'Referrals'].includes(text.textContent?.trim() ?? ''));
  if (!badge || !text) return false;
  const label = document.createRange();
  label.selectNodeContents(text);
  const [b, l] = [badge.getBoundingClientRect(), label.getBoundingClientRect()];
  const middle = b.top + b.height / 2;
  return middle > l.top && middle < l.bottom;
}

test('the Chat and Referrals counts sit beside their labels, on one line', async ({ page }) => {
  const [reader, sender] = await twoMembers(page.request);
  const conversationId = await startConversation(page.request, sender, reader);
  await sendMessage(sender, conversationId, 'A question about a referral.');
  await referTo(page.request, sender, reader);
  await signIn(page, reader.email, reader.password);
  await page.goto('/settings');
  const nav = await openNavigation(page);
  const chat = nav.getByRole('link', { name: /^Chat/ });
  const referrals = nav.getByRole('link', { name: /^Referrals/ });
  await expect(chat).toHaveAccessibleName(/^Chat\s*1 conversation with unread messages$/);
  await expect(referrals).toHaveAccessibleName('Referrals, 1 open');
  // Wherever a navigation shows them.
  const shown = page.getByRole('navigation').getByRole('link', { name: /^(Chat|Referrals)/ }).filter({ visible: true });
  for (const link of await shown.all()) expect(await link.evaluate(badgeBesideLabel), await link.innerText()).toBe(true);
  // One line: as tall as an item without a count.
  const plain = await nav.getByRole('link', { name: 'Settings', exact: true }).boundingBox();
  for (const link of [chat, referrals]) expect((await link.boundingBox())!.height).toBeLessThanOrEqual(plain!.height + 1);
  await screenshot(page, 'navigation-counts');
});

test('on a phone a dot on the menu button says what is new, and comes live with a message', async ({ page }) => {
  test.skip(!isPhone(page), 'a wide screen shows the navigation and its counts');
  const [reader, sender] = await twoMembers(page.request);
  const conversationId = await startConversation(page.request, sender, reader);
  await signIn(page, reader.email, reader.password);
  await page.goto('/settings');
  await untilLive(burger(page));
  const dot = page.getByTestId('menu-news-dot');
  await expect(dot).toHaveCount(0);
  await expect(burger(page)).toHaveAccessibleDescription('');

  await sendMessage(sender, conversationId, 'Are you free on Thursday?');
  await expect(dot).toBeVisible();
  await expect(burger(page)).toHaveAccessibleDescription('New: 1 conversation with unread messages');
  await referTo(page.request, sender, reader);
  await expect(burger(page)).toHaveAccessibleDescription('New: 1 conversation with unread messages, 1 open referral');
  await expectAccessible(page);
  await screenshot(page, 'phone-menu-news');

  // Read, the chat leaves the dot's words.
  await page.goto(`/chat/${conversationId}`);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Are you free on Thursday?')).toBeVisible();
  await expect(burger(page)).toHaveAccessibleDescription('New: 1 open referral');
});
