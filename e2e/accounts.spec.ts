import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, screenshot, signIn, waitForMail, randomWord } from './support.ts';

const fresh = () => ({
  name: `Casey ${randomWord(2)} Moreau`,
  email: `casey-${randomBytes(5).toString('hex')}@example.test`,
  password: `Lantern-${randomBytes(6).toString('hex')}`,
});

test('register, signed in at once to the pending screen, an administrator approves, the first dashboard welcomes', async ({ page, browser }) => {
  const person = fresh();
  await page.goto('/register');
  await expect(page.getByRole('group', { name: 'Your licence or registration' })).toBeVisible();
  // The photo is uploaded later, from the profile.
  await expect(page.getByLabel(/Avatar URL/)).toHaveCount(0);
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('something-else-123');
  await page.getByLabel('Professional designation').fill('Registered Psychotherapist');
  await page.getByLabel('Licence or registration number').fill('CRPO-55555');
  await page.getByLabel('Licensing body').fill('CRPO');
  await page.getByLabel('Province or state').fill('ON');
  await page.getByLabel('Country').fill('Canada');
  await page.getByLabel('Licence expiry date').fill('2031-12-31');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(person.password);
  await screenshot(page, 'register');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Register' }).click();
  // Signed in at once (no login page), and told what happens next: the review, then an email.
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('status').filter({ hasText: 'Registration successful! You are signed in.' })).toBeInViewport();
  await expect(page.getByText(/An administrator will review your licence details and email you when they are verified\./)).toBeVisible();
  await expect(page.getByText('Your licence verification is pending.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await screenshot(page, 'pending-banner');

  // The administrator, in a browser of their own, approves the licence.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize() });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/admin/verifications');
  await expect(adminPage.getByRole('heading', { name: 'Licence verifications' })).toBeVisible();
  await expect(adminPage.getByText('CRPO-55555').first()).toBeVisible();
  await screenshot(adminPage, 'admin-verifications');
  await expectAccessible(adminPage);
  await adminPage.getByRole('button', { name: `Approve ${person.name}` }).click();
  await expect(adminPage.getByRole('button', { name: `Approve ${person.name}` })).toHaveCount(0);
  await adminContext.close();

  // A pending member waits on the verification screen; once verified, the home page is the dashboard.
  await expect(page).toHaveURL(/\/verification$/);
  await page.goto('/');
  await expect(page.getByText('Your licence verification is pending.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Welcome, ${person.name}!` })).toBeVisible();
});

test('login failure shows the server message as an error', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await screenshot(page, 'login-error');
  await expectAccessible(page);
});

test('forgot password: the mail arrives over SMTP, the reset ends old sessions, the new password works', async ({ page, request }) => {
  const person = fresh();
  const reg = await request.post('/api/users/register', { data: {
    name: person.name, email: person.email, password: person.password, confirmPassword: person.password,
    profession: 'Registered Psychotherapist', licenceNumber: 'X-1', licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
  } });
  expect(reg.status()).toBe(201);
  const oldToken = await apiLogin(request, person.email, person.password);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText('If an account with that email exists, a password reset link has been sent.');
  await expectAccessible(page);

  const mail = await waitForMail(person.email);
  const link = mail.match(/http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  const newPassword = `Meadow-${randomBytes(6).toString('hex')}`;
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
  await screenshot(page, 'reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password has been reset successfully! Redirecting to login...' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  const old = await request.get('/api/users/me', { headers: { 'x-auth-token': oldToken } });
  expect(old.status()).toBe(401);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Your licence verification is pending.')).toBeVisible();
});

test('a non-admin sees the permission message on the verification queue', async ({ page, request }) => {
  // Verified: a pending member is not offered this page at all (they land on /verification).
  const person = await createVerifiedUser(request);
  await signIn(page, person.email, person.password);
  await page.goto('/admin/verifications');
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
});

test('a session that ends on its own leaves none of its data for the next sign-in in that tab', async ({ page, request }) => {
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  const circle = `Ann's circle ${randomWord(3)}`;
  const created = await request.post('/api/communities', { headers: { 'x-auth-token': ann.token }, data: { name: circle } });
  expect(created.status(), await created.text()).toBe(201);

  const annToken = await signIn(page, ann.email, ann.password);
  await page.goto('/');
  await expect(page.getByRole('link', { name: circle })).toBeVisible();

  // Ann's session ends elsewhere (another device signs her out); her next request in this tab hears 401: the click's,
  // or one the app makes by itself first (the time-zone check two seconds after start), which takes the link away.
  await request.post('/api/users/logout', { headers: { 'x-auth-token': annToken } });
  const signedOutFirst = await page.getByRole('link', { name: 'New Post' }).click({ timeout: 5_000 }).then(() => false, () => true);
  if (signedOutFirst) {
    // Signed out on the screen she was on: the public home. She goes to the login from there, in the same tab and app.
    const login = page.getByRole('link', { name: 'Login', exact: true });
    if (!(await login.isVisible())) await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await login.filter({ visible: true }).first().click();
  }
  await expect(page).toHaveURL(/\/login(\?next=.*)?$/);

  await page.getByLabel('Email').fill(ben.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ben.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signing in returns to the page the session ended on; the dashboard is one click away, in the same app state.
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Thera Root home' }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: `Welcome, ${ben.name}!` })).toBeVisible();
  await expect(page.getByText('You haven\'t joined any communities yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: circle })).toHaveCount(0);
});

test('an administrator rejects a licence with a reason, and the member reads it', async ({ page, browser, request }) => {
  const person = fresh();
  const reg = await request.post('/api/users/register', { data: {
    name: person.name, email: person.email, password: person.password, confirmPassword: person.password,
    profession: 'RP', licenceNumber: `X-${randomBytes(3).toString('hex')}`, licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
  } });
  expect(reg.status()).toBe(201);

  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize() });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/admin/verifications');
  await adminPage.getByRole('button', { name: `Reject ${person.name}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Reject ${person.name}` });
  await dialog.getByLabel('Reason (shown to the member)').fill('The register lists no such licence number.');
  await expectAccessible(adminPage);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByRole('button', { name: `Reject ${person.name}` })).toHaveCount(0);
  await adminContext.close();

  await signIn(page, person.email, person.password);
  await page.goto('/');
  await expect(page.getByText('Your licence could not be verified: The register lists no such licence number.')).toBeVisible();

  // Correcting the licence starts from what was submitted, not from blank fields.
  await page.goto('/verification');
  await expect(page.getByLabel('Licence or registration number')).toHaveValue(/^X-[0-9a-f]{6}$/);
  await expect(page.getByLabel('Licensing body')).toHaveValue('CRPO');
  await expect(page.getByLabel('Province or state')).toHaveValue('ON');
  await expect(page.getByLabel('Country')).toHaveValue('Canada');
});
