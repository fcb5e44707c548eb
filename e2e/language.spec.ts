// French in the app (docs/decisions/0270, 0271): a visitor's choice in the footer, by keyboard, draws the
// pages in French from the server on (the landing page drawn per language, <html lang>), and a member's choice in
// /settings is saved on the account and survives sign-out and sign-in.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, signIn, untilLive } from './support.ts';

const LOCALE_COOKIE = 'thera_locale';

/**
 * Console errors, among them React's complaint when a drawn page does not match its takeover. Not the browser's own line
 * for a 401: a request already in flight when the member signs out is answered 401, as it should be, and Chromium logs it.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401 \(Unauthorized\)/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** Presses Tab until `name` has the focus (the switch is at the page's end: every control before it is passed). */
async function tabTo(page: Page, name: string, most = 200): Promise<void> {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((text) => document.activeElement?.textContent === text, name)) return;
  }
  throw new Error(`${name} was not reached by Tab`);
}

test.describe('languages', () => {
  test('a visitor switches to French in the footer by keyboard; the landing and sign-in pages are French', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto('/');
    const french = page.getByTestId('language-switch').getByRole('button', { name: 'Français' });
    await untilLive(french);
    await expect(french).toHaveAttribute('aria-pressed', 'false');
    await expect(french).toHaveAttribute('lang', 'fr-CA');
    await tabTo(page, 'Français');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(french).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Conçu avec soin pour les thérapeutes qui prennent soin des autres.', { exact: false })).toBeVisible();
    await expect(page).toHaveTitle('Accueil · Thera Root');
    expect((await page.context().cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('fr-CA');

    // From now on the server draws the landing page in French, and the browser takes it over in French.
    const response = await page.goto('/');
    const served = await response!.text();
    expect(served).toContain('<html lang="fr-CA"');
    expect(served).toContain('<title>Accueil · Thera Root</title>');
    expect(served).toContain('Conçu avec soin');
    expect(response!.headers().vary).toContain('Accept-Language');
    await untilLive(french);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expectAccessible(page);

    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page).toHaveTitle('Connexion · Thera Root');
    if ((page.viewportSize()?.width ?? 0) >= 768) {
      await expect(page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Connexion' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'S’inscrire' })).toBeVisible();
    } else {
      await expect(page.getByRole('button', { name: 'Afficher ou masquer la navigation' })).toBeVisible();
    }
    await expectAccessible(page);

    // And back: English exactly as before.
    const english = page.getByTestId('language-switch').getByRole('button', { name: 'English' });
    await untilLive(english);
    await english.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Login · Thera Root');
    expect(errors).toEqual([]);
  });

  test('a browser that asks for French gets the landing page in French without choosing', async ({ browser }, testInfo) => {
    const { baseURL, viewport } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, viewport, locale: 'fr-CA', extraHTTPHeaders: { 'Accept-Language': 'fr-CA,fr;q=0.9' } });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    const response = await page.goto('/');
    expect(await response!.text()).toContain('<html lang="fr-CA"');
    await untilLive(page.getByTestId('language-switch').getByRole('button', { name: 'Français' }));
    await expect(page).toHaveTitle('Accueil · Thera Root');
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a member's choice in /settings is saved and survives sign-out and sign-in", async ({ page, request }) => {
    const errors = consoleErrors(page);
    const user = await createVerifiedUser(request);
    await signIn(page, user.email, user.password);
    await page.goto('/settings');
    const setting = page.getByTestId('language-setting');
    await expect(setting.getByText('Language', { exact: true })).toBeVisible();
    const french = setting.getByRole('button', { name: 'Français' });
    await untilLive(french);
    await french.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(setting.getByText('Langue', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Paramètres · Thera Root');
    await expect.poll(async () => (await (await request.get('/api/users/me', { headers: { 'x-auth-token': user.token } })).json()).locale)
      .toBe('fr-CA');
    await expectAccessible(page);

    // Sign out: the visitors' pages stay in French (the cookie is kept).
    if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Afficher ou masquer la navigation' }).click();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');

    // Another device (no cookie): signing in brings the member's language back, on a screen the server draws too.
    await page.context().clearCookies();
    await signIn(page, user.email, user.password);
    const response = await page.goto('/forums');
    const served = await response!.text();
    // Drawn by the server in the member's language (unless it was sent plain, past the render's time bound).
    if (!served.includes('<div id="root"></div>')) expect(served).toContain('<html lang="fr-CA"');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page).toHaveTitle('Forums · Thera Root');
    await page.goto('/settings');
    await expect(page.getByTestId('language-setting').getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveTitle('Paramètres · Thera Root');
    expect((await page.context().cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('fr-CA');
    expect(errors).toEqual([]);
  });
});
