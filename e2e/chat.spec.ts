// Two signed-in therapists chat with each other in two browsers: ticks, typing, emoji, pins, deletion; both widths.
import { expect, test, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { BASE_URL } from './env.ts';
import { createVerifiedUser, expectAccessible, screenshot, secondBrowser, signIn, startConversation, type NewUser } from './support.ts';

const EMPTY_PANE = 'Select a conversation to start chatting.';
// A page's socket connects after its scripts and may be refused once and retried (web/lib/socket.ts).
const SOCKET_WAIT_MS = 25_000;

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubble = (page: Page, text: string) => messages(page).getByTestId('message').filter({ hasText: text });
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

/** Any request that leaves the loopback server: the CSP allows none, and the emoji picker must not need one. */
function watchOutsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(r.url()) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  return outside;
}

test('two therapists chat: ticks, typing, emoji, pin and delete', async ({ page, browser, request }, testInfo) => {
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  const conversationId = await startConversation(request, ann, ben);
  const outside = watchOutsideRequests(page);

  // Ann opens the conversation and writes while Ben has no device online: a single tick.
  await signIn(page, ann.email, ann.password);
  await page.goto(`/chat/${conversationId}`);
  await expect(page.getByRole('heading', { name: ben.name })).toBeVisible();
  await composer(page).fill('Hello Ben, do you take referrals?');
  await composer(page).press('Enter');
  // The first tick waits for the page's socket, which a busy machine may take a while to connect.
  await expect(bubble(page, 'Hello Ben').getByRole('img', { name: 'Sent' })).toBeVisible({ timeout: SOCKET_WAIT_MS });
  await expect(composer(page)).toHaveValue('');
  await screenshot(page, 'chat-sent');

  // Ben signs in elsewhere: his device receives it (double tick), his list shows it unread.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto('/chat');
  const row = benPage.getByTestId('conversation-row').filter({ hasText: ann.name });
  await expect(row).toContainText('Hello Ben, do you take referrals?');
  await expect(row.getByLabel('1 unread')).toBeVisible();
  await expect(bubble(page, 'Hello Ben').getByRole('img', { name: 'Delivered' })).toBeVisible({ timeout: SOCKET_WAIT_MS });
  await expect(page.getByRole('region', { name: 'Conversation', exact: true }).getByText('Online', { exact: true })).toBeVisible();
  if (!isMobile(benPage)) await expect(benPage.getByText(EMPTY_PANE)).toBeVisible();
  await screenshot(benPage, 'chat-list');
  await expectAccessible(benPage);

  // Ben opens it: read, a blue double tick for Ann, and his unread badge goes.
  await row.getByRole('button', { name: new RegExp(ann.name) }).first().click();
  await expect(benPage).toHaveURL(new RegExp(`/chat/${conversationId}$`));
  await expect(bubble(benPage, 'Hello Ben')).toBeVisible();
  const readTick = bubble(page, 'Hello Ben').getByRole('img', { name: 'Read' });
  await expect(readTick).toBeVisible();
  await expect(readTick).toHaveCSS('color', 'rgb(25, 113, 194)');
  if (isMobile(benPage)) {
    await expect(benPage.getByRole('button', { name: 'Back to conversations' })).toBeVisible();
    await expect(benPage.getByTestId('conversation-row')).toBeHidden();
  }

  // Ben types: Ann sees it, and it goes after 2 seconds without typing.
  await composer(benPage).pressSequentially('Yes, I do', { delay: 30 });
  const typing = page.getByText(`${ben.name} is typing...`);
  await expect(typing).toBeVisible();
  await screenshot(page, 'chat-typing');
  await expect(typing).toBeHidden({ timeout: 6000 });
  // Shift+Enter is a new line; Enter sends.
  await composer(benPage).press('Shift+Enter');
  await composer(benPage).pressSequentially('send me the details');
  await expect(composer(benPage)).toHaveValue('Yes, I do\nsend me the details');
  await composer(benPage).press('Enter');
  await expect(bubble(page, 'send me the details')).toContainText('Yes, I do\nsend me the details');

  // Ann adds an emoji from the picker (loaded when opened, native emoji: nothing from outside).
  await composer(page).fill('Thank you ');
  await page.getByRole('button', { name: 'Add emoji' }).click();
  const emoji = page.locator('.EmojiPickerReact button[data-unified="1f60a"]');
  await expect(emoji).toBeVisible();
  await screenshot(page, 'chat-emoji');
  await emoji.click();
  await expect(composer(page)).toHaveValue('Thank you 😊');
  await composer(page).press('Enter');
  await expect(bubble(benPage, 'Thank you 😊')).toBeVisible();
  expect(outside).toEqual([]);

  // Ann pins Ben's message: both see the banner; Ben unpins it from the banner.
  const benMessage = bubble(page, 'send me the details');
  await benMessage.hover();
  await benMessage.getByRole('button', { name: 'Pin message' }).click();
  for (const p of [page, benPage]) await expect(p.getByTestId('pin-banner')).toContainText('send me the details');
  await screenshot(benPage, 'chat-pinned');
  await expectAccessible(benPage);
  await benPage.getByTestId('pin-banner').getByRole('button', { name: 'Unpin' }).click();
  for (const p of [page, benPage]) await expect(p.getByTestId('pin-banner')).toBeHidden();

  // Ben deletes the conversation (after the spec's confirmation, which says what it does): it leaves his list only.
  if (isMobile(benPage)) await benPage.getByRole('button', { name: 'Back to conversations' }).click();
  await benPage.getByRole('button', { name: `Delete conversation with ${ann.name}` }).click();
  const confirmation = benPage.getByRole('dialog', { name: 'Delete conversation' });
  await expect(confirmation.getByText(/^Are you sure you want to delete this conversation\? It is removed from your list only/)).toBeVisible();
  await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(benPage.getByTestId('conversation-row')).toHaveCount(0);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await expect(bubble(page, 'send me the details')).toBeVisible();
  // Ann writes again: the conversation comes back to Ben's list, with only the new message.
  await composer(page).fill('Are you still there?');
  await composer(page).press('Enter');
  await expect(benPage.getByTestId('conversation-row')).toHaveCount(1);
  await benPage.getByTestId('conversation-row').getByRole('button').first().click();
  await expect(bubble(benPage, 'Are you still there?')).toBeVisible();
  await expect(bubble(benPage, 'send me the details')).toHaveCount(0);
  await benPage.context().close();
});

test('declining the confirmation keeps the conversation; an unknown conversation goes to /chat', async ({ page, request }) => {
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  await startConversation(request, ann, ben);
  await signIn(page, ann.email, ann.password);
  await page.goto('/chat/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/chat$/);
  const row = page.getByTestId('conversation-row').filter({ hasText: ben.name });
  await expect(row).toContainText('No messages yet');
  await row.getByRole('button', { name: `Delete conversation with ${ben.name}` }).click();
  const confirmation = page.getByRole('dialog', { name: 'Delete conversation' });
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  await expect(row).toBeVisible();
  // Pinning a conversation is Ann's own: it shows as pressed.
  await row.getByRole('button', { name: `Pin conversation with ${ben.name}` }).click();
  await expect(row.getByRole('button', { name: `Unpin conversation with ${ben.name}` })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'chat-empty');
  await expectAccessible(page);
});

/** Messages sent straight through the socket, as another client would (each user stays under 30 per 10 seconds). */
async function sendThroughSocket(user: NewUser, conversationId: string, texts: string[]) {
  const socket = io(BASE_URL, { path: '/socket.io', transports: ['websocket'], auth: { token: user.token }, forceNew: true });
  try {
    for (const text of texts) {
      const reply = await socket.timeout(10_000).emitWithAck('sendMessage', { conversationId, text });
      expect(reply).not.toHaveProperty('msg');
    }
  } finally {
    socket.disconnect();
  }
}

test('older messages load when scrolling up', async ({ page, request }) => {
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  const conversationId = await startConversation(request, ann, ben);
  const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Case note ${from + i}`);
  await sendThroughSocket(ann, conversationId, numbered(1, 28));
  await sendThroughSocket(ben, conversationId, numbered(29, 56));
  await signIn(page, ann.email, ann.password);
  await page.goto(`/chat/${conversationId}`);
  // The newest page (50) first, scrolled to the bottom.
  await expect(bubble(page, 'Case note 56')).toBeInViewport();
  await expect(messages(page).getByTestId('message')).toHaveCount(50);
  await expect(page.getByText('Start of the conversation')).toHaveCount(0);
  await messages(page).evaluate((el) => el.scrollTo(0, 0));
  await expect(messages(page).getByTestId('message')).toHaveCount(56);
  await expect(page.getByText('Start of the conversation')).toBeVisible();
  await expect(bubble(page, 'Case note 1').first()).toBeAttached();
  // The reader stays where they were: on the older messages' boundary, not thrown to the top or bottom.
  await expect(bubble(page, 'Case note 56')).not.toBeInViewport();
});
