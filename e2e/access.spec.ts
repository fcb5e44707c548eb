// A pending member sees their profile, the verification screen and the public pages, never forum content
// (finding 13); a verified member's new name waits for an administrator (finding 12).
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, registerPendingUser, screenshot, signIn, randomWord } from './support.ts';

test('a pending member lands on the verification screen and is shown no forum content', async ({ page, request }) => {
  const author = await createVerifiedUser(request);
  const title = `Members only ${randomWord(3)}`;
  const post = await request.post('/api/forumPosts', { headers: { 'x-auth-token': author.token }, data: { title, content: 'Confidential case notes' } });
  expect(post.status(), await post.text()).toBe(201);
  const postId = (await post.json())._id;

  const { email, password } = await registerPendingUser(request, 'Pia Pending');
  await signIn(page, email, password);

  await page.goto('/');
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByText('Your licence verification is pending.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Licence details' })).toBeVisible();
  // Neither navigation offers what the server refuses (on a phone, the menu is built when the burger opens it).
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (await burger.isVisible()) await burger.click();
  await expect(page.getByRole('navigation', { name: 'Side', exact: true })).toBeVisible();
  for (const name of ['Forums', 'Chat', 'Home']) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'My Profile' }).first()).toBeAttached();
  await screenshot(page, 'pending-verification');
  await expectAccessible(page);

  for (const path of ['/forums', `/post/${postId}`, '/chat']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/verification$/);
    await expect(page.getByText(title)).toHaveCount(0);
  }
  // Another member's profile, reached from the public directory, says why it is closed.
  await page.goto(`/profile/${author.id}`);
  await expect(page.getByText('Your licence has not been verified yet.')).toBeVisible();
  await expect(page.getByText(author.name)).toHaveCount(0);
  // Their own profile stays open.
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'Pia Pending' })).toBeVisible();
  await expectAccessible(page);
});

test('a pending member reaches their own security and privacy settings, not the notification settings', async ({ page, request }) => {
  const { email, password } = await registerPendingUser(request, 'Sam Settings');
  await signIn(page, email, password);

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Privacy', 'Security']);
  await expect(page.getByRole('heading', { name: 'Who can message me' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delete my account' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
  await screenshot(page, 'pending-settings-security');
  await expectAccessible(page);

  // The notification settings wait for verification: the address shows the Privacy tab instead.
  await page.goto('/settings/notifications');
  await expect(page.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveCount(0);
  // Members' content still leads to the verification screen.
  await page.goto('/forums');
  await expect(page).toHaveURL(/\/verification$/);
});

test('a verified member\'s new name waits for an administrator, who sees it matches another member', async ({ page, browser, request }) => {
  const vera = await createVerifiedUser(request, `Vera ${randomWord(3)} Lind`);
  await signIn(page, vera.email, vera.password);
  await page.goto('/edit-profile');
  await expect(page.getByText('A new name shows once an administrator has approved it.')).toBeVisible();
  // A demo therapist's exact name: a classic impersonation.
  await page.getByLabel('Name', { exact: true }).fill('Amara Okafor');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
  await expect(page.getByText('Name change waiting for review')).toBeVisible();
  await expect(page.getByRole('heading', { name: vera.name })).toBeVisible();
  await screenshot(page, 'name-change-waiting');
  await expectAccessible(page);

  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize() });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/admin/verifications');
  await expect(adminPage.getByRole('heading', { name: 'Name changes' })).toBeVisible();
  const request_ = adminPage.getByText(`${vera.name} → Amara Okafor`);
  await expect(request_).toBeVisible();
  await request_.scrollIntoViewIfNeeded();
  await screenshot(adminPage, 'admin-name-changes');
  await expectAccessible(adminPage);
  await adminPage.getByRole('button', { name: `Decline the name Amara Okafor for ${vera.name}` }).click();
  await expect(adminPage.getByText(`${vera.name} → Amara Okafor`)).toHaveCount(0);
  await adminContext.close();

  const token = await apiLogin(request, vera.email, vera.password);
  const me = await (await request.get(`/api/users/${vera.id}`, { headers: { 'x-auth-token': token } })).json();
  expect(me).toMatchObject({ name: vera.name, pendingName: null });
});
