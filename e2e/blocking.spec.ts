import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, screenshot, signIn, startConversation, randomWord } from './support.ts';

const REFUSAL = 'This member is not accepting messages from you.';

test('a member blocks another from the profile, sees their comment collapsed, and limits who can message them', async ({ page, request }) => {
  const id = randomWord(3);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const [me, them] = await Promise.all([
    createVerifiedUser(request, `Blocker ${id}`, admin), createVerifiedUser(request, `Blocked ${id}`, admin),
  ]);
  const post = await (await request.post('/api/forumPosts', {
    headers: { 'x-auth-token': me.token }, data: { title: `Boundaries ${id}`, content: 'How do you hold them?' },
  })).json();
  const comment = `Unwelcome remark ${id}`;
  const commented = await request.post(`/api/forumPosts/${post._id}/comments`, { headers: { 'x-auth-token': them.token }, data: { content: comment } });
  expect(commented.ok(), await commented.text()).toBe(true);

  // A conversation they had before the block: its composer will show the refusal.
  const conversationId = await startConversation(request, them, me);

  await signIn(page, me.email, me.password);
  await page.goto(`/profile/${them.id}`);
  await expect(page.getByRole('heading', { name: them.name })).toBeVisible();
  await page.getByRole('button', { name: 'Block member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block member' });
  await expect(dialog).toContainText(`Block ${them.name}?`);
  await expectAccessible(page);
  await screenshot(page, 'block-confirm');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/post/${post._id}`);
  await expect(page.getByText('Hidden: you blocked this member')).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'blocked-comment');
  await page.getByRole('button', { name: 'Show anyway' }).click();
  await expect(page.getByText(comment)).toBeVisible();

  // The settings page, from the signed-in menu (the side menu, behind the burger on a phone).
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation', { name: 'Side' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
  const blockedList = page.getByRole('region', { name: 'Blocked members' });
  await expect(blockedList.getByRole('link', { name: them.name })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await page.getByRole('radio', { name: 'Only people in my network' }).check();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expectAccessible(page);
  await screenshot(page, 'settings-privacy');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Only people in my network' })).toBeChecked();

  // The blocked member hears the refusal and nothing more.
  await signIn(page, them.email, them.password);
  await page.goto(`/profile/${me.id}`);
  await page.getByRole('button', { name: `Start Chat with ${me.name}` }).click();
  await expect(page.getByRole('alert')).toHaveText(REFUSAL);
  await expectAccessible(page);

  await page.goto(`/chat/${conversationId}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('Are you there?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toHaveText(REFUSAL);
  await expectAccessible(page);
  await screenshot(page, 'chat-refused');
});
