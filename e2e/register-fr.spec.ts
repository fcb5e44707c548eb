// Registration in French: a visitor who chose French in the footer reads the registration form, its
// password rule and its refusals in French, registers, lands on the licence-details screen as an English registrant
// does, in French, and the account keeps French as its language. At both widths, each screen accessible.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, randomWord, screenshot, untilLive } from './support.ts';

const fresh = () => ({
  name: `Camille ${randomWord(2)} Gagnon`,
  email: `camille-${randomBytes(5).toString('hex')}@example.test`,
  password: `Lanterne-${randomBytes(6).toString('hex')}`,
});

/** The visitor's choice of French, in the footer of the landing page (kept in the language cookie). */
async function chooseFrench(page: Page): Promise<void> {
  await page.goto('/');
  const french = page.getByTestId('language-switch').getByRole('button', { name: 'Français' });
  await untilLive(french);
  await french.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(french).toHaveAttribute('aria-pressed', 'true');
}

const passwordField = (page: Page) => page.getByRole('textbox', { name: 'Mot de passe', exact: true });
const confirmField = (page: Page) => page.getByRole('textbox', { name: 'Confirmer le mot de passe' });
const submitButton = (page: Page) => page.getByRole('button', { name: 'Inscription', exact: true });

test('a visitor registers in French and lands on the licence-details screen in French, with French kept on the account', async ({ page }) => {
  const person = fresh();
  await chooseFrench(page);
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page).toHaveTitle('Inscription · Thera Root');
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
  await expect(page.getByText('Créez votre compte. Nous vérifions le permis d’exercice de chaque membre avant qu’il puisse publier ou clavarder.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Votre permis d’exercice ou votre inscription' })).toBeVisible();
  // The password rule, under its field and named by it.
  await expect(page.getByText('Au moins 10 caractères; pas un mot de passe courant.')).toBeVisible();
  await expect(passwordField(page)).toHaveAccessibleDescription(/Au moins 10 caractères; pas un mot de passe courant\./);
  await expect(page.getByText('Vous avez déjà un compte?')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Connexion' })).toBeVisible();
  await expectAccessible(page);

  // Sent empty: the browser's own check holds the form (no request, no page change) at the first required field.
  await untilLive(submitButton(page));
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Nom complet')).toBeFocused();
  expect(await page.getByLabel('Nom complet').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

  await page.getByLabel('Nom complet').fill(person.name);
  await page.getByLabel('Courriel').fill(person.email);
  await passwordField(page).fill(person.password);
  await confirmField(page).fill('autre-chose-123');
  await page.getByLabel('Titre professionnel').fill('Psychothérapeute');
  await page.getByLabel('Numéro de permis d’exercice ou d’inscription').fill('OPQ-55555');
  await page.getByLabel('Ordre professionnel').fill('OPQ');
  await page.getByLabel('Province ou État').fill('QC');
  await page.getByLabel('Pays').fill('Canada');
  await page.getByLabel('Date d’expiration du permis d’exercice').fill('2031-12-31');

  // Passwords that differ: refused in the browser, in French.
  await submitButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas');

  // A password too short: the server's refusal, in French (the visitor's language reaches the server in the cookie).
  await passwordField(page).fill('court-123');
  await confirmField(page).fill('court-123');
  await submitButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Le mot de passe doit compter de 10 à 128 caractères.');
  await expect(page).toHaveURL(/\/register$/);
  await screenshot(page, 'register-fr');
  await expectAccessible(page);

  await passwordField(page).fill(person.password);
  await confirmField(page).fill(person.password);
  await submitButton(page).click();

  // Signed in at once, on the licence-details screen, as an English registrant lands, in French.
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('status').filter({ hasText: 'Inscription réussie! Vous êtes connecté.' })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1, name: 'Renseignements sur le permis d’exercice' })).toBeVisible();
  await expect(page.getByText(/^Merci de votre demande\. Un administrateur examinera les renseignements de votre permis d’exercice/)).toBeVisible();
  await expect(page.getByText('La vérification de votre permis d’exercice est en cours.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer les modifications' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/Registration successful|Your licence verification is pending/);
  await screenshot(page, 'register-fr-pending');
  await expectAccessible(page);

  // The account keeps the language the visitor registered in (its mail, on another device, follows it).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const me = await page.request.get('/api/users/me', { headers: { 'x-auth-token': token! } });
  expect(me.status(), await me.text()).toBe(200);
  expect((await me.json()).locale).toBe('fr-CA');
});
