// The administrator's first screens at both widths: the navigation counts what waits, /admin opens the queue that
// needs them, an approval is confirmed in words, and the audit log names and links what each action was about.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, registerPendingUser, screenshot, signIn, untilLive, randomWord } from './support.ts';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

test('the Admin item counts waiting work, /admin opens the licence queue, approving says so, the audit log links its subjects', async ({ page, request }) => {
  const id = randomWord(3);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const admin = { 'x-auth-token': adminToken };

  // A post reported and dismissed: its review records only the post's id.
  const [author, reporter] = await Promise.all([createVerifiedUser(request, undefined, adminToken), createVerifiedUser(request, undefined, adminToken)]);
  const title = `Sleep handout ${id}`;
  const post = await (await request.post('/api/forumPosts', { headers: { 'x-auth-token': author.token }, data: { title, content: 'Worksheet attached.' } })).json();
  expect((await request.post('/api/reports', { headers: { 'x-auth-token': reporter.token }, data: { targetType: 'post', targetId: post._id, reason: 'spam' } })).status()).toBe(201);
  const open = await (await request.get('/api/admin/reports?status=open', { headers: admin })).json();
  const report = open.items.find((item: { targetId: string }) => item.targetId === post._id);
  expect((await request.patch(`/api/admin/reports/${report._id}`, { headers: admin, data: { action: 'dismiss' } })).status()).toBe(200);

  const name = `Pending Person ${id}`;
  await registerPendingUser(request, name);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (isPhone(page)) {
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await untilLive(burger);
    await expect(burger).toHaveAccessibleDescription(/\d+ waiting for an administrator/);
    await burger.click();
  }
  const adminLink = page.getByRole('navigation', { name: 'Side', exact: true }).getByRole('link', { name: /^Admin/ });
  await expect(adminLink).toHaveAccessibleName(/^Admin, \d+ waiting$/);
  await adminLink.click();
  await expect(page).toHaveURL(/\/admin\/verifications$/);
  await expect(page.getByRole('heading', { name: 'Licence verifications', level: 1 })).toBeVisible();

  // The library members read is "Resources"; the administrators' queue of submissions has its own name.
  const adminNav = page.getByRole('navigation', { name: 'Admin' });
  await expect(adminNav.getByRole('link', { name: /^Resource review/ })).toHaveAttribute('href', '/admin/resources');
  await expect(adminNav.getByRole('link', { name: /^Resources/ })).toHaveCount(0);
  await expect(adminNav.getByRole('link', { name: /^Verifications, \d+ waiting$/ })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: name })).toHaveText(
    `${name}'s licence is verified. They have been told by email and can now use the forums, chat and referrals.`,
  );
  await expect(page.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'admin-approved');

  await adminNav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  // A table row on a wide screen, a list entry on a phone: whichever is shown.
  const entry = (text: string) => page.locator('tr:visible, li:visible').filter({ hasText: text });
  await expect(entry('Verified licence').getByRole('link', { name })).toHaveAttribute('href', /^\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(entry('Dismissed reports').getByRole('link', { name: title })).toHaveAttribute('href', `/post/${post._id}`);
  await expect(page.getByText(post._id)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'admin-audit-subjects');
});
