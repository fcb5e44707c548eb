// Privacy rights in the browser: upload a photo, download my data, delete my account — at both widths, with axe.
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { createVerifiedUser, expectAccessible, signIn, waitForMail } from './support.ts';

test('a member uploads a photo, downloads their data and deletes their account', async ({ page }) => {
  // A photo, an export, a deletion and five accessibility scans: a busy machine needs more than the default minute.
  test.slow();
  const member = await createVerifiedUser(page.request);
  await signIn(page, member.email, member.password);

  // Upload photo: the preview shows the photo as the server stored it.
  await page.goto('/edit-profile');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 90 } } }).jpeg().toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser).setFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('status').filter({ hasText: 'Photo uploaded.' })).toBeVisible();
  await expect(page.locator(`img[src^="/api/users/${member.id}/avatar/"]`)).toBeVisible();
  await expectAccessible(page);

  // Download my data: prepare, then the download link appears when it is ready.
  await page.goto('/settings/privacy');
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click({ timeout: 20_000 });
  expect((await download).suggestedFilename()).toMatch(/^thera-root-data-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(await waitForMail(member.email)).toContain('Your Thera Root data is ready');
  await expectAccessible(page);

  // Delete my account: password, the checkbox, a confirmation; then signed out and the address no longer signs in.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your password is incorrect.' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await page.getByLabel('Also delete my posts and comments').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog')).toContainText('cannot be undone');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
  // The login page says what happened, calmly, rather than nothing.
  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  const farewell = page.getByRole('status').filter({ hasText: 'Your account has been deleted.' });
  await expect(farewell).toContainText('A confirmation was sent to your email address');
  await expectAccessible(page);
  expect(await waitForMail(member.email)).toContain('Your Thera Root account has been deleted');
  const login = await page.request.post('/api/users/login', { data: { email: member.email, password: member.password } });
  expect(login.status()).toBe(400);
});

test('a member leaves the directory from Settings, Privacy, and comes back', async ({ page, request }) => {
  const member = await createVerifiedUser(request, `Directory Leaver ${Math.random().toString(36).slice(2, 8)}`);
  // Seen by a colleague: the directory never lists its reader.
  const colleague = await createVerifiedUser(request);
  const inDirectory = async () => (await (await request.get(`/api/users?q=${encodeURIComponent(member.name)}`, { headers: { 'x-auth-token': colleague.token } })).json()).total;
  expect(await inDirectory()).toBe(1);
  await signIn(page, member.email, member.password);
  await page.goto('/settings/privacy');
  const toggle = page.getByRole('switch', { name: 'Show my profile in the directory and in referral suggestions' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' }).first()).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect(await inDirectory()).toBe(0);
  await expectAccessible(page);
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect.poll(inDirectory).toBe(1);
});
