// The sign-in policy's idle warning (every tab warned, every tab signed out) and passkeys (added in /settings and used
// to sign in) at both widths, with axe. Time is the browser's fake clock; the authenticator is Chromium's virtual one.
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from './env.ts';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, screenshot, signIn, withLock } from './support.ts';

const POLICY = '/api/admin/security-policy';
// Browsers refuse an IP address as a passkey's site: the same server, reached by name (server/lib/webauthn.ts).
const BY_NAME = BASE_URL.replace('127.0.0.1', 'localhost');

// The browser's clock is Playwright's (installed before the first page, still flowing); the server's is real. The app
// moves its deadline later only on the member's own activity (web/lib/idle.ts), so the answers to what the pages fetch
// by themselves after a jump of the fake clock do not undo the jump. Axe needs timers, so the clock is never paused:
// each jump leaves most of the warning's minute for the checks that follow it.
test('a warning 60 seconds before an idle sign-out; Stay signed in keeps the session, and then every tab signs out', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const user = await createVerifiedUser(request, undefined, admin);
  const dialog = (p: Page) => p.getByRole('dialog', { name: 'Are you still there?' });
  await withLock('security-policy', async () => {
    const set = await request.put(POLICY, { headers: { 'x-auth-token': admin }, data: { idleMinutes: 5, requireTwoFactor: 'none' } });
    expect(set.status(), await set.text()).toBe(200);
    try {
      await page.clock.install();
      await signIn(page, user.email, user.password);
      await page.goto('/settings/security');
      await expect(page.getByRole('tab', { name: 'Security' })).toBeVisible();
      const other = await page.context().newPage();
      await other.goto('/settings/privacy');
      await expect(other.getByRole('tab', { name: 'Privacy' })).toBeVisible();

      await page.clock.fastForward('04:02');
      await expect(dialog(page)).toContainText(/You will be signed out in \d+ seconds\./);
      await expect(dialog(other)).toBeVisible();
      await page.getByRole('button', { name: 'Stay signed in' }).last().click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(dialog(other)).toHaveCount(0);

      // Nothing more done: the warning again, checked with axe, and at the deadline every tab signs out.
      await page.clock.fastForward('04:02');
      await expect(dialog(page)).toContainText(/You will be signed out in \d+ seconds\. ?Stay signed in/);
      await expectAccessible(page);
      await screenshot(page, 'idle-warning');
      await page.clock.fastForward('01:10');
      for (const tab of [page, other]) {
        await expect.poll(() => tab.evaluate(() => localStorage.getItem('token'))).toBeNull();
        await expect(tab.getByRole('tab', { name: /Security|Privacy/ })).toHaveCount(0);
      }
      // The tab ended its own session only: the test's other sign-in still stands.
      const me = await request.get('/api/users/me', { headers: { 'x-auth-token': user.token } });
      expect(me.status()).toBe(200);
    } finally {
      const reset = await request.put(POLICY, { headers: { 'x-auth-token': admin }, data: { idleMinutes: 720, requireTwoFactor: 'none' } });
      expect(reset.status()).toBe(200);
    }
  });
});

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

async function logout(page: Page) {
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation', { name: 'Side' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$|\/login$/);
}

test('add a passkey in Security settings, rename it, sign in with it alone, and remove it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createVerifiedUser(request);
  await page.goto(`${BY_NAME}/faq`);
  await virtualAuthenticator(page);
  await page.evaluate((t) => localStorage.setItem('token', t), await apiLogin(request, user.email, user.password));
  await page.goto(`${BY_NAME}/settings/security`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toContainText('You have no passkeys yet.');

  await section.getByLabel('Passkey name').fill('My laptop');
  await section.getByLabel('Current password').fill(user.password);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toContainText('Passkey “My laptop” added.');
  await expect(section.getByRole('row', { name: /My laptop/ })).toContainText('Never');
  await expectAccessible(page);
  await screenshot(page, 'passkeys');

  await section.getByRole('button', { name: 'Rename My laptop' }).click();
  await section.getByLabel('New name').fill('Work laptop');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('row', { name: /Work laptop/ })).toBeVisible();

  await logout(page);
  await page.goto(`${BY_NAME}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  await expectAccessible(page);

  // The password is not enough now: the second step offers the passkey only (this member has no TOTP code).
  await logout(page);
  // The sign-out's own move to "/" may land after this navigation starts: tried again until the form stands.
  await expect(async () => {
    await page.goto(`${BY_NAME}/login`);
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Use your passkey to finish signing in.')).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  await page.goto(`${BY_NAME}/settings/security`);
  await expect(section.getByRole('row', { name: /Work laptop/ })).not.toContainText('Never');
  await section.getByRole('button', { name: 'Remove Work laptop' }).click();
  await page.getByRole('dialog', { name: 'Remove passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section).toContainText('You have no passkeys yet.');
});

test("the administrators' sign-in policy screen: labelled controls and a saved change", async ({ page, request }) => {
  await withLock('security-policy', async () => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/security');
    const form = page.getByRole('form', { name: 'Sign-in policy' });
    const idle = form.getByLabel('Sign out after this many idle minutes');
    await expect(idle).toHaveValue('720');
    await expect(form.getByRole('radio', { name: 'Nobody (each member chooses)' })).toBeChecked();
    await expectAccessible(page);
    await screenshot(page, 'admin-sign-in-policy');

    // Saved as it was: other tests run beside this one on the same server.
    await idle.fill('720');
    await form.getByRole('radio', { name: 'Nobody (each member chooses)' }).check();
    await form.getByRole('button', { name: 'Save policy' }).click();
    await expect(form.getByRole('status')).toContainText('Sign-in policy saved.');
    const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
    expect(await (await request.get(POLICY, { headers: { 'x-auth-token': admin } })).json()).toEqual({ idleMinutes: 720, requireTwoFactor: 'none' });
  });
});
