import { expect, test } from '@playwright/test';
import { FORUM_PRIVACY_TEXTS } from '../common/privacy-check.ts';
import { ADMIN, createVerifiedUser, expectAccessible, screenshot, signIn, untilLive, withLock, randomWord } from './support.ts';

// A forum post that looks like it identifies a client: the server asks, the composer shows what it found and the
// writer's confirmation posts it. The administrators' setting is global: a test that changes it holds the lock.
const LOCK = 'forum-privacy';

test('a post that looks identifying asks to confirm, then posts', async ({ page, request }) => withLock(LOCK, async () => {
  const id = randomWord(3);
  const writer = await createVerifiedUser(request);
  await signIn(page, writer.email, writer.password);
  await page.goto('/forums');
  // The forums page is first drawn by the server: the button works once the app has taken it over.
  const create = page.getByRole('button', { name: 'Create Post' });
  await untilLive(create);
  await create.click();
  const title = `Evening availability ${id}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Content' }).fill('Looking for someone with evenings; the family can be reached at 416 555 0199.');
  await page.getByRole('button', { name: 'Post', exact: true }).click();

  const question = page.getByTestId('identifying-question');
  await expect(question).toContainText('looks like it contains a phone number');
  await expect(question.locator('mark')).toHaveText('416 555 0199');
  await expectAccessible(page);
  await screenshot(page, 'forum-identifying-question');
  // Nothing was posted yet.
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);

  await question.getByRole('button', { name: FORUM_PRIVACY_TEXTS.confirmLabel }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByTestId('identifying-question')).toHaveCount(0);
}));

test('an administrator chooses whether identifying forum posts are refused', async ({ page }) => withLock(LOCK, async () => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/forum-privacy');
  await expect(page.getByRole('heading', { name: 'Forum privacy', level: 1 })).toBeVisible();
  const ask = page.getByRole('radio', { name: 'Ask the writer to confirm' });
  const refuse = page.getByRole('radio', { name: 'Refuse the post' });
  await expect(ask).toBeChecked();
  await expectAccessible(page);
  await screenshot(page, 'admin-forum-privacy');
  await refuse.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(refuse).toBeChecked();
  // Back as it was, for every other test.
  await ask.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await page.goto('/admin/audit');
  await expect(page.getByText('Identifying details in forums: refuse → ask to confirm').filter({ visible: true }).first()).toBeVisible();
}));
