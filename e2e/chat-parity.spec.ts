// Chat parity in two browsers at both widths: edit and unsend one's message (the other side updates live),
// the "New message" picker, and search in a conversation's history with a jump to the match.
import { expect, test, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { BASE_URL } from './env.ts';
import { createVerifiedUser, expectAccessible, screenshot, secondBrowser, signIn, startConversation, type NewUser } from './support.ts';

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

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubble = (page: Page, text: string) => messages(page).getByTestId('message').filter({ hasText: text });
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

test('edit and unsend one\'s message: the other side updates live', async ({ page, browser, request }, testInfo) => {
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  const conversationId = await startConversation(request, ann, ben);
  await signIn(page, ann.email, ann.password);
  await page.goto(`/chat/${conversationId}`);
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(`/chat/${conversationId}`);

  await composer(page).fill('Shall we meet at 3pm?');
  await composer(page).press('Enter');
  await expect(bubble(benPage, 'Shall we meet at 3pm?')).toBeVisible();
  // Ben has no menu on Ann's message; Ann reaches hers with the keyboard.
  await expect(bubble(benPage, 'Shall we meet at 3pm?').getByRole('button', { name: 'Message actions' })).toHaveCount(0);
  const actions = bubble(page, 'Shall we meet at 3pm?').getByRole('button', { name: 'Message actions' });
  await actions.focus();
  await expect(actions).toHaveCSS('opacity', '1');
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  // Escape cancels: nothing changes.
  await editor.fill('Never mind');
  await editor.press('Escape');
  await expect(editor).toBeHidden();
  await expect(bubble(page, 'Shall we meet at 3pm?')).toBeVisible();

  await actions.click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await editor.fill('Shall we meet at 4pm?');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(bubble(page, 'Shall we meet at 4pm?')).toContainText('edited');
  await expect(bubble(benPage, 'Shall we meet at 4pm?')).toContainText('edited');
  await expect(bubble(benPage, '3pm')).toHaveCount(0);
  await screenshot(benPage, 'chat-edited');

  // Unsend, after a confirmation: "Message removed" on both sides, and in Ben's list preview.
  await bubble(page, '4pm').getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: 'Unsend' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unsend message' });
  await expect(confirm).toContainText('removed for both of you');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Unsend' }).click();
  await expect(bubble(page, 'Message removed')).toBeVisible();
  await expect(bubble(benPage, 'Message removed')).toBeVisible();
  await expect(messages(benPage)).not.toContainText('4pm');
  await expect(bubble(page, 'Message removed').getByRole('button', { name: 'Message actions' })).toHaveCount(0);
  if (isMobile(benPage)) await benPage.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(benPage.getByTestId('conversation-row').filter({ hasText: ann.name })).toContainText('Message removed');
  await expectAccessible(benPage);
  await benPage.context().close();
});

test('New message: find a colleague by name and open the conversation; those who refuse are disabled', async ({ page, request }) => {
  const tag = `Picker${Date.now().toString(36)}`;
  const [ann, open, closed] = await Promise.all([
    createVerifiedUser(request), createVerifiedUser(request, `${tag} Open`), createVerifiedUser(request, `${tag} Closed`),
  ]);
  const privacy = await request.put('/api/users/me/privacy', { headers: { 'x-auth-token': closed.token }, data: { whoCanMessage: 'network' } });
  expect(privacy.status(), await privacy.text()).toBe(200);
  await signIn(page, ann.email, ann.password);
  await page.goto('/chat');
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message' });
  const search = dialog.getByRole('textbox', { name: 'Search colleagues by name' });
  await expect(search).toBeFocused();
  await search.fill(tag.toLowerCase());
  const closedRow = dialog.getByTestId('recipient').filter({ hasText: `${tag} Closed` });
  await expect(closedRow).toBeDisabled();
  await expect(closedRow).toContainText('not accepting messages from you');
  await expectAccessible(page);
  await screenshot(page, 'chat-new-message');
  await dialog.getByTestId('recipient').filter({ hasText: `${tag} Open` }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: open.name })).toBeVisible();
  await composer(page).fill('Hello from the picker');
  await composer(page).press('Enter');
  await expect(bubble(page, 'Hello from the picker')).toBeVisible();
});

test('search in a conversation lists matches and jumps to an older one', async ({ browser, request }, testInfo) => {
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  const conversationId = await startConversation(request, ann, ben);
  const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Case note ${from + i}`);
  await sendThroughSocket(ann, conversationId, ['The Quokka protocol, first draft', ...numbered(2, 28)]);
  await sendThroughSocket(ben, conversationId, [...numbered(29, 55), 'Quokka protocol approved']);
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(`/chat/${conversationId}`);
  await expect(bubble(benPage, 'Quokka protocol approved')).toBeVisible();
  await expect(bubble(benPage, 'first draft')).toHaveCount(0);

  await benPage.getByRole('button', { name: 'Search in conversation' }).click();
  const field = benPage.getByRole('textbox', { name: 'Search messages' });
  await expect(field).toBeFocused();
  await field.fill('quokka');
  await field.press('Enter');
  const results = benPage.getByTestId('search-result');
  await expect(results).toHaveCount(2);
  await expect(benPage.getByText('2 matches for "quokka"')).toBeVisible();
  await expect(results.first()).toContainText('Quokka protocol approved');
  await expectAccessible(benPage);
  // The older match is not loaded yet: choosing it loads what it takes, scrolls to it and marks it.
  await results.nth(1).click();
  const found = bubble(benPage, 'The Quokka protocol, first draft');
  await expect(found).toHaveAttribute('data-highlighted', 'true');
  await expect(found).toBeInViewport();
  await screenshot(benPage, 'chat-search');

  // A search with no match says so; Escape closes the search.
  await field.fill('platypus');
  await field.press('Enter');
  await expect(benPage.getByText('No messages match "platypus".')).toBeVisible();
  await field.press('Escape');
  await expect(field).toBeHidden();
  await expect(benPage.getByRole('button', { name: 'Search in conversation' })).toBeFocused();
  await benPage.context().close();
});
