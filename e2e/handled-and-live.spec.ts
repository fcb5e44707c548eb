// What a member has handled and what happens while a page is open, in the browser at both widths: opening a post reads
// its bell items on every device; a comment added to the open post appears without a reload; a session ended from
// another device signs the open page out at once, calmly; a sign-in with a recovery code says how many are left.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, secondBrowser, signIn, waitForMail, type NewUser, randomWord } from './support.ts';

const unique = () => randomWord(3);
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

async function send(request: APIRequestContext, user: NewUser, method: 'post' | 'delete', url: string, data?: object) {
  const res = await request[method](url, { headers: { 'x-auth-token': user.token }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function twoMembers(request: APIRequestContext): Promise<[NewUser, NewUser]> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const id = unique();
  return Promise.all([createVerifiedUser(request, `Post Author ${id}`, admin), createVerifiedUser(request, `Post Replier ${id}`, admin)]);
}

/** A post by `author` with the licence approval's notification already read: the bell starts at zero. */
async function quietPost(request: APIRequestContext, author: NewUser): Promise<string> {
  const post = await send(request, author, 'post', '/api/forumPosts', { title: `Supervision rhythm ${unique()}`, content: 'How often do you meet?' });
  await send(request, author, 'post', '/api/notifications/read', { all: true });
  return post._id;
}

test('opening the post a reply notification points to reads it on the member\'s other device too', async ({ page, browser, request }, testInfo) => {
  const [author, replier] = await twoMembers(request);
  const postId = await quietPost(request, author);
  await signIn(page, author.email, author.password);
  await page.goto('/');
  const other = await secondBrowser(browser, testInfo, author);
  await other.goto('/');
  await send(request, replier, 'post', `/api/forumPosts/${postId}/comments`, { content: 'Every two weeks.' });
  for (const device of [page, other]) await expect(bell(device)).toHaveAccessibleName('Notifications, 1 unread');

  await page.goto(`/post/${postId}`);
  await expect(page.getByText('Every two weeks.')).toBeVisible();
  // Both devices, without a reload.
  for (const device of [page, other]) await expect(bell(device)).toHaveAccessibleName('Notifications');
  await other.context().close();
});

test('a comment added while the post is open appears without a reload', async ({ page, request }) => {
  const [author, replier] = await twoMembers(request);
  const postId = await quietPost(request, author);
  await signIn(page, author.email, author.password);
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { name: /Supervision rhythm/ })).toBeVisible();
  await expect(page.getByText('No comments yet')).toBeVisible();

  await send(request, replier, 'post', `/api/forumPosts/${postId}/comments`, { content: 'Monthly, with peer consultation between.' });
  await expect(page.getByText('Monthly, with peer consultation between.')).toBeVisible();
  // Seen where it appeared: the bell does not keep it as unread.
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expectAccessible(page);
});

test('a session ended from another device signs the open page out at once, with a calm message', async ({ page, request }) => {
  const [member] = await twoMembers(request);
  await signIn(page, member.email, member.password);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${member.name}!` })).toBeVisible();
  await expect(bell(page)).toBeVisible();

  // From the member's other device (the API session createVerifiedUser opened): "Sign out everywhere else".
  await send(request, member, 'delete', '/api/users/me/sessions');
  // No tap, no reload: the page hears its socket end and signs out.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Please log in again.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectAccessible(page);
});

test('signing in with a recovery code says how many are left, and an email says where it was used', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  const auth = { 'x-auth-token': member.token };
  const { secret } = await (await request.post('/api/users/me/2fa/setup', { headers: auth, data: { password: member.password } })).json();
  // This window's code: the server accepts one window either side, so it still holds if the request crosses into the
  // next one (the previous window's code did not, once, in CI).
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
  const enabled = await request.post('/api/users/me/2fa/enable', { headers: auth, data: { code } });
  expect(enabled.status()).toBe(200);
  const [recoveryCode] = (await enabled.json()).recoveryCodes as string[];

  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Authentication code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'recovery codes left' });
  await expect(notice).toContainText('9 recovery codes left');
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);

  await expect.poll(async () => waitForMail(member.email).catch(() => '')).toMatch(/A recovery code was used to sign in/);
  const mail = await waitForMail(member.email);
  expect(mail).toContain('You have 9 recovery codes left.');
  expect(mail).not.toContain(recoveryCode);
});
