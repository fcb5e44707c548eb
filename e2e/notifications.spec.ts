// Notifications in the browser: the bell counts a reply live and opens it, /notifications pages, the settings matrix,
// Follow on a post, a mention picked from the autocomplete, and the chat unread count; both widths, axe on each screen.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { BASE_URL } from './env.ts';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, screenshot, secondBrowser, signIn, startConversation, type NewUser, randomWord } from './support.ts';

const unique = () => randomWord(3);

async function send(request: APIRequestContext, user: NewUser, method: 'post' | 'put' | 'get', url: string, data?: object) {
  const res = await request[method](url, { headers: { 'x-auth-token': user.token }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function twoMembers(request: APIRequestContext, first: string, second: string): Promise<[NewUser, NewUser]> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const id = unique();
  return Promise.all([createVerifiedUser(request, `${first} ${id}`, admin), createVerifiedUser(request, `${second} ${id}`, admin)]);
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** In the page: whether the select's text box (its width less its padding, which holds the chevron) fits its longest option's label. */
function widestOptionFits(select: HTMLSelectElement): boolean {
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
  return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) >= widest;
}

test('B replies to A\'s post: A\'s bell counts it live, A opens it from the popover and lands on the post', async ({ page, browser, request }, testInfo) => {
  const [amara, ben] = await twoMembers(request, 'Bell Owner', 'Bell Replier');
  const title = `Supervision question ${unique()}`;
  const post = await send(request, amara, 'post', '/api/forumPosts', { title, content: 'How often do you meet your supervisor?' });
  // The licence approval left one notification: read, so the count starts at zero.
  await send(request, amara, 'post', '/api/notifications/read', { all: true });

  await signIn(page, amara.email, amara.password);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome( back)?, ${amara.name}!`) })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // B, in a browser of their own, replies on the post page.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(`/post/${post._id}`);
  await benPage.getByLabel('Add a comment').fill('Every two weeks works for me.');
  await benPage.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(benPage.getByText('Every two weeks works for me.')).toBeVisible();

  // A's bell counts it without a reload.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expectAccessible(page);
  await bell(page).click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const item = popover.getByRole('link', { name: new RegExp(`${ben.name} replied to your post`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(title);
  await expect(item).toContainText('Unread');
  await expectAccessible(page);
  await screenshot(page, 'notifications-popover');

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/post/${post._id}`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const unread = await send(request, amara, 'get', '/api/notifications/unread-count');
  expect(unread.count).toBe(0);
  await benPage.context().close();
});

test('/notifications lists every item a page at a time and marks them all read', async ({ page, request }) => {
  const [amara, ben] = await twoMembers(request, 'Page Owner', 'Page Replier');
  // 21 replies on 21 posts, and the licence approval: two more than the first page holds.
  const titles: string[] = [];
  for (let i = 0; i < 21; i++) {
    const title = `Case note ${i} ${unique()}`;
    titles.push(title);
    const post = await send(request, amara, 'post', '/api/forumPosts', { title, content: 'A question for peers.' });
    await send(request, ben, 'post', `/api/forumPosts/${post._id}/comments`, { content: 'An answer.' });
  }

  await signIn(page, amara.email, amara.password);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'All notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(list.getByRole('listitem').first()).toContainText(titles[20]);
  await expect(page.getByText('22 unread')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'notifications-page');

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(22);
  await expect(list.getByRole('listitem').nth(20)).toContainText(titles[0]);
  await expect(list.getByRole('listitem').last()).toContainText('Your licence was verified');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.getByText('Unread:')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(list.getByText('Unread:')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});

test.describe('in Toronto', () => {
  test.use({ timezoneId: 'America/Toronto' });

  test('the settings matrix saves, with the browser\'s time zone offered', async ({ page, request }) => {
    const [amara] = await twoMembers(request, 'Settings Owner', 'Unused');
    await signIn(page, amara.email, amara.password);
    await page.goto('/settings/notifications');
    await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    const likes = page.getByRole('switch', { name: 'In the app: Likes on my posts' });
    await expect(likes).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Email: Mentions of me' })).toHaveValue('immediate');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Eastern Time (America/Toronto)');
    // Every email select shows each of its options whole (a phone once cut "Immediately").
    for (const select of await page.getByRole('combobox', { name: /^Email: / }).all()) {
      expect(await select.evaluate(widestOptionFits), await select.getAttribute('aria-label') ?? '').toBe(true);
    }
    await expectAccessible(page);
    await screenshot(page, 'settings-notifications');

    await likes.click({ force: true });
    await page.getByRole('combobox', { name: 'Email: Mentions of me' }).selectOption('daily');
    await page.getByRole('combobox', { name: 'Email: Chat messages I missed' }).selectOption('off');
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

    const saved = await send(request, amara, 'get', '/api/notifications/preferences');
    expect(saved.timeZone).toBe('America/Toronto');
    expect(saved.types.postLike.inApp).toBe(false);
    expect(saved.types.mention.email).toBe('daily');
    expect(saved.types.chatMessage.email).toBe('off');
    expect(saved.types.postReply).toMatchObject({ inApp: true, email: 'immediate' });

    await page.reload();
    await expect(page.getByRole('switch', { name: 'In the app: Likes on my posts' })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Email: Mentions of me' })).toHaveValue('daily');
  });
});

test.describe('in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a member who never opens the settings gets the browser\'s time zone for the digest', async ({ page, request }) => {
    const [member] = await twoMembers(request, 'Zone Owner', 'Unused');
    expect((await send(request, member, 'get', '/api/notifications/preferences')).timeZone).toBeNull();
    await signIn(page, member.email, member.password);
    await page.goto('/dashboard');
    await expect(bell(page)).toBeVisible();
    await expect.poll(async () => (await send(request, member, 'get', '/api/notifications/preferences')).timeZone).toBe('Asia/Tokyo');
  });
});

test('Follow toggles on the post page, and a mention picked from the autocomplete renders as a profile link', async ({ page, request }) => {
  // The mentioned member's first name is unique, so that typing its start finds only them.
  const mentionId = unique();
  const [amara, ben] = await twoMembers(request, 'Thread Author', `Quinn${mentionId} Colleague`);
  const title = `Group therapy pacing ${unique()}`;
  const post = await send(request, amara, 'post', '/api/forumPosts', { title, content: 'Thoughts welcome.' });

  // The member who follows is not the author (authors follow their own posts).
  const [, other] = await twoMembers(request, 'Thread Reader', 'Unused');
  await signIn(page, other.email, other.password);
  await page.goto(`/post/${post._id}`);
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  const following = page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  expect((await send(request, other, 'get', `/api/forumPosts/${post._id}`)).following).toBe(true);
  await page.reload();
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  // "@" and the start of the name suggest the member; the keyboard picks them.
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.click();
  const options = page.getByRole('listbox', { name: 'Members to mention' });
  // Escape closes the suggestions and leaves the text as typed.
  await box.pressSequentially(`@Quinn${mentionId.slice(0, 4)}`);
  await expect(options.getByRole('option')).toHaveCount(1);
  await box.press('Escape');
  await expect(options).toBeHidden();
  await expect(box).toHaveValue(`@Quinn${mentionId.slice(0, 4)}`);
  await box.fill('');
  await box.pressSequentially(`Thanks @Quinn${mentionId.slice(0, 4)}`);
  await expect(options.getByRole('option')).toHaveCount(1);
  await expect(options.getByRole('option', { name: ben.name, exact: true })).toBeVisible();
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await expectAccessible(page);
  await screenshot(page, 'mention-autocomplete');
  await box.press('Enter');
  await expect(options).toBeHidden();
  await expect(box).toHaveValue(`Thanks @${ben.name} `);
  await box.pressSequentially('for the idea.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();

  const mention = page.getByRole('list').getByRole('link', { name: `@${ben.name}` });
  await expect(mention).toHaveAttribute('href', `/profile/${ben.id}`);
  await expect(page.getByText('user:')).toHaveCount(0);
  await mention.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${ben.id}$`));
  await expect(page.getByRole('heading', { name: ben.name })).toBeVisible();

  // Unfollow, and the mentioned member heard of it.
  await page.goto(`/post/${post._id}`);
  await following.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const list = await send(request, ben, 'get', '/api/notifications');
  expect(list.notifications.map((n: { type: string }) => n.type)).toContain('mention');
});

test('the Chat item and the My Chats card count conversations with unread messages, live', async ({ page, request }) => {
  const [amara, ben] = await twoMembers(request, 'Chat Reader', 'Chat Sender');
  await signIn(page, amara.email, amara.password);
  await page.goto('/');
  const card = page.getByRole('region', { name: 'My Chats' });
  await expect(card).toContainText('Pick up your one-to-one conversations');

  const conversationId = await startConversation(request, ben, amara);
  // B writes from a client of their own; the server tells A's socket the new count.
  const socket = io(BASE_URL, { path: '/socket.io', transports: ['websocket'], auth: { token: ben.token }, forceNew: true });
  try {
    const reply = await socket.timeout(10_000).emitWithAck('sendMessage', { conversationId, text: 'Are you free to talk about a referral?' });
    expect(reply).not.toHaveProperty('msg');
  } finally {
    socket.disconnect();
  }
  await expect(card).toContainText('You have 1 conversation with unread messages.');

  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (await burger.isVisible()) await burger.click();
  const chatLink = page.getByRole('navigation', { name: 'Side' }).getByRole('link', { name: /^Chat/ });
  await expect(chatLink).toHaveAccessibleName(/^Chat\s*1 conversation with unread messages$/);
  await expectAccessible(page);
  await screenshot(page, 'chat-unread');

  await chatLink.click();
  await page.getByRole('button', { name: new RegExp(ben.name) }).first().click();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Are you free to talk about a referral?')).toBeVisible();
  await expect(chatLink).toHaveAccessibleName('Chat');
  await page.goto('/');
  await expect(card).toContainText('Pick up your one-to-one conversations');
});
