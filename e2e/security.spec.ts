// The Security settings tab at both widths, with axe.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, createVerifiedUser, expectAccessible, screenshot, signIn, waitForMail } from './support.ts';

/** The code the authenticator app would show, `offset` steps from now, computed from the key shown as text. */
const codeAt = (secret: string, offset = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * 30_000 });

async function logout(page: Page) {
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation', { name: 'Side' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$|\/login$/);
}

test('enable two-factor sign-in (the password first), sign in with a code, and end another session', async ({ page, request }) => {
  // Four axe runs and two sign-ins: about 50 s on a loaded machine.
  test.setTimeout(120_000);
  const user = await createVerifiedUser(request);
  // The token createVerifiedUser signed in with is another device: turning two-factor sign-in on ends it.
  await signIn(page, user.email, user.password);
  await page.goto('/settings/security');
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(twoFactor).toContainText('Two-factor sign-in is off.');
  await expectAccessible(page);
  await screenshot(page, 'security-tab');

  // The setup opens with the current password only: a session alone cannot put a second factor on the account.
  await twoFactor.getByLabel('Current password').fill('not-my-password-at-all');
  await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(twoFactor.getByRole('alert')).toContainText('Your current password is not correct.');
  await expect(twoFactor.getByTestId('two-factor-secret')).toHaveCount(0);
  await twoFactor.getByLabel('Current password').fill(user.password);
  await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(twoFactor.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await twoFactor.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await screenshot(page, 'two-factor-setup');
  // The previous step's code (accepted as clock drift), so the current one is still unused for the sign-in below.
  await twoFactor.getByLabel('Code from the app').fill(codeAt(secret, -1));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  const codes = twoFactor.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().innerText()).trim();
  expect((await request.get('/api/users/me', { headers: { 'x-auth-token': user.token } })).status()).toBe(401);
  await expect(twoFactor.getByRole('link', { name: 'Download codes' })).toHaveAttribute('download', 'thera-root-recovery-codes.txt');
  await expect(twoFactor.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'recovery-codes');
  await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoFactor).toContainText('Two-factor sign-in is on. You have 10 unused recovery codes.');

  await logout(page);
  // Another device signs in (password, then a recovery code) before this browser does, so it is the older session.
  const { mfaToken } = await (await request.post('/api/users/login', { data: { email: user.email, password: user.password } })).json();
  const other = await request.post('/api/users/login/2fa', { data: { mfaToken, code: recoveryCode } });
  expect(other.status()).toBe(200);
  const otherToken = (await other.json()).token as string;
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'login-code');
  await page.getByLabel('Authentication code').fill('000000' === codeAt(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  await page.getByLabel('Authentication code').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/settings/security');
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  const rows = sessions.getByTestId('session');
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(rows.filter({ hasText: 'This device' })).toContainText('127.0.0.x');
  await expectAccessible(page);
  await screenshot(page, 'sessions');
  // The oldest session is the one opened through the API with a recovery code.
  await rows.last().getByRole('button', { name: /^End session/ }).click();
  const dialog = page.getByRole('dialog', { name: 'End session' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(rows).toHaveCount(before - 1);
  const ended = await request.get('/api/users/me', { headers: { 'x-auth-token': otherToken } });
  expect(ended.status()).toBe(401);
});

test('change the email address through the link sent to the new one', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  const next = `moved-${randomBytes(4).toString('hex')}@example.test`;
  await signIn(page, user.email, user.password);
  await page.goto('/settings/security');
  const form = page.getByRole('region', { name: 'Change email address' });
  await form.getByLabel('New email address').fill(next);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('status')).toContainText('We have sent a confirmation link');
  const mail = await waitForMail(next);
  const link = /http:\/\/[^\s]+\/confirm-email\?token=3D([A-Za-z0-9_-]+)|http:\/\/[^\s]+\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail);
  const token = link?.[1] ?? link?.[2];
  expect(token).toBeTruthy();
  await page.goto(`/confirm-email?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Confirm your new email address' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('status')).toContainText('Your email address has been changed.');
  await screenshot(page, 'email-confirmed');
  const relogin = await request.post('/api/users/login', { data: { email: next, password: user.password } });
  expect(relogin.status()).toBe(200);
});

test('an administrator without two-factor sign-in is asked to turn it on after signing in', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/settings\/security\?enrol=1$/);
  await expect(page.getByText('Protect your administrator account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'skip for now' }).click();
  await expect(page).not.toHaveURL(/settings/);
});

test('an administrator resets a member\'s two-factor sign-in from the member\'s profile', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await createVerifiedUser(request);
  const auth = { 'x-auth-token': member.token };
  const { secret } = await (await request.post('/api/users/me/2fa/setup', { headers: auth, data: { password: member.password } })).json();
  expect((await request.post('/api/users/me/2fa/enable', { headers: auth, data: { code: codeAt(secret, -1) } })).status()).toBe(200);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/profile/${member.id}`);
  await page.getByRole('link', { name: 'Manage account' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${member.id}$`));
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(page.getByText(member.name, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await section.getByRole('button', { name: 'Reset two-factor' }).click();
  await page.getByRole('dialog', { name: 'Reset two-factor' }).getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(section.getByRole('status')).toContainText('Two-factor sign-in was turned off for this member');
  await screenshot(page, 'admin-two-factor-reset');
  const signInAgain = await request.post('/api/users/login', { data: { email: member.email, password: member.password } });
  expect(await signInAgain.json()).toEqual({ token: expect.any(String) });
});

test('the reset page says that two-factor sign-in stays on', async ({ page }) => {
  await page.goto('/reset-password/any-token');
  await expect(page.getByText('If two-factor sign-in is on for your account, it stays on')).toBeVisible();
});
