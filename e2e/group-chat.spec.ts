// Three therapists in a group conversation: Ana starts it from "New group", Ben and Cleo see it arrive
// live, messages reach everyone, Ana's receipt count rises as they read, Ben @mentions Ana, Cleo leaves and everyone
// sees the line. Both widths, with axe on the list, the conversation and the info panel.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, randomWord, secondBrowser, signIn } from './support.ts';

// A page's socket connects after its scripts and may be refused once and retried (web/lib/socket.ts).
const LIVE_MS = 25_000;
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubble = (page: Page, text: string) => messages(page).getByTestId('message').filter({ hasText: text });
const row = (page: Page, name: string) => page.getByTestId('conversation-row').filter({ hasText: name });

test('three members: a new group arrives live, messages and read counts, a mention, a member leaves', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const tag = randomWord();
  const [ana, ben, cleo] = await Promise.all(['Ana', 'Ben', 'Cleo'].map((first) => createVerifiedUser(request, `${first} Group ${tag}`)));
  const title = `Case circle ${tag}`;

  // Ben and Cleo have the chat open before the group exists.
  const benPage = await secondBrowser(browser, testInfo, ben);
  const cleoPage = await secondBrowser(browser, testInfo, cleo);
  await Promise.all([benPage.goto('/chat'), cleoPage.goto('/chat')]);

  await signIn(page, ana.email, ana.password);
  await page.goto('/chat');
  // The drawn page's button does nothing until React has taken it over, which a loaded machine can take a while to do.
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await expect(async () => {
    // A click while the dialog is open would land on its overlay and close it: only while it is not there yet.
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'New group' }).click();
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await dialog.getByLabel('Group name').fill(title);
  for (const who of [ben, cleo]) {
    await dialog.getByLabel('Search colleagues by name').fill(who.name);
    await dialog.getByTestId('member-choice').filter({ hasText: who.name }).click();
    await expect(dialog.getByTestId('chosen-member').filter({ hasText: who.name })).toBeVisible();
    await dialog.getByLabel('Search colleagues by name').fill('');
  }
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Start group' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const conversationId = page.url().split('/').pop()!;
  await expect(page.getByTestId('conversation-title')).toHaveText(title);
  await expect(page.getByTestId('group-summary')).toContainText('3 members');

  // The others' lists get it without a reload.
  for (const p of [benPage, cleoPage]) await expect(row(p, title)).toBeVisible({ timeout: LIVE_MS });

  await composer(page).fill('Shall we start with the intake question?');
  await composer(page).press('Enter');
  const receipts = bubble(page, 'intake question').getByTestId('receipts');
  await expect(receipts).toBeVisible({ timeout: LIVE_MS });

  // Ben opens it: Ana's count says one of two read it; then Cleo: two of two.
  await benPage.goto(`/chat/${conversationId}`);
  await expect(bubble(benPage, 'intake question')).toBeVisible();
  await expect(bubble(benPage, 'intake question')).toContainText(ana.name);
  await expect(receipts).toHaveText('Read by 1 of 2', { timeout: LIVE_MS });
  await cleoPage.goto(`/chat/${conversationId}`);
  await expect(bubble(cleoPage, 'intake question')).toBeVisible();
  await expect(receipts).toHaveText('Read by 2 of 2', { timeout: LIVE_MS });
  await receipts.click();
  await expect(page.getByText(`${ben.name}, ${cleo.name}`).or(page.getByText(`${cleo.name}, ${ben.name}`)).or(page.getByText(new RegExp(`${ben.name}.*${cleo.name}|${cleo.name}.*${ben.name}`))).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Ben mentions Ana: offered as he types, highlighted for her.
  await composer(benPage).fill('@An');
  await benPage.getByTestId('mention-option').filter({ hasText: ana.name }).click();
  await composer(benPage).pressSequentially('what do you think?');
  await composer(benPage).press('Enter');
  const mention = bubble(page, 'what do you think?').getByTestId('mention');
  await expect(mention).toHaveText(`@${ana.name}`, { timeout: LIVE_MS });
  await expect(mention).toHaveAttribute('data-me', 'true');
  await expectAccessible(page);

  // Cleo leaves from the info panel; the others see the line and the count fall.
  await cleoPage.getByRole('button', { name: 'Group info' }).click();
  const info = cleoPage.getByRole('dialog', { name: 'Group info' });
  await expect(info.getByTestId('group-member')).toHaveCount(3);
  await expectAccessible(cleoPage);
  await info.getByRole('button', { name: 'Leave conversation' }).click();
  await cleoPage.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(cleoPage).toHaveURL(/\/chat$/);
  await expect(row(cleoPage, title)).toHaveCount(0);
  for (const p of [page, benPage]) {
    await expect(messages(p).getByTestId('system-message').filter({ hasText: `${cleo.name} left` })).toBeVisible({ timeout: LIVE_MS });
    await expect(p.getByTestId('group-summary')).toContainText('2 members');
  }
  await expectAccessible(benPage);
  await Promise.all([benPage.context().close(), cleoPage.context().close()]);
});
