// The therapist directory in French: a member whose language is Canadian French filters by specialty and
// language with the options' French labels, reads the count, the cards' badges and the Practices tab in French, at
// both widths, while the URL keeps the stored English values (a shared link works in either language).
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, pickOptions, signIn, untilLive, type NewUser } from './support.ts';

// Demo data (server/seed/demo-data.ts): three verified therapists treat anxiety in French, all accepting new clients.
const MATEO = 'Mateo Garcia';

test.beforeEach(async ({ page }) => {
  // The app scrolls smoothly (web/app/global.css); a field still gliding into place would take the wrong tap.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.scrollBehavior = 'auto'; });
  });
});

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name }) });
const filterForm = (page: Page) => page.getByRole('search', { name: 'Filtrer les thérapeutes' });

/** A verified member who chose French on their account, signed in. */
async function frenchMember(page: Page): Promise<NewUser> {
  const user = await createVerifiedUser(page.request);
  const saved = await page.request.patch('/api/users/me', { headers: { 'x-auth-token': user.token }, data: { locale: 'fr-CA' } });
  expect(saved.status(), await saved.text()).toBe(200);
  await signIn(page, user.email, user.password);
  return user;
}

/** The filter form, opened: on a phone it folds behind « Filtres » (as showFilters in support.ts, in French). */
async function showFrenchFilters(page: Page) {
  await expect(page.getByRole('heading', { name: 'Répertoire des thérapeutes', level: 1 })).toBeVisible();
  const fold = page.getByRole('main').getByRole('button', { name: /^Filtres/ });
  if (await fold.isVisible() && (await fold.getAttribute('aria-expanded')) === 'false') {
    await untilLive(fold);
    await fold.click();
  }
  await expect(filterForm(page)).toBeVisible();
  return filterForm(page);
}

/** The number the API finds for these filters, as this member (whose own card is not listed). */
async function totalFor(page: Page, user: NewUser, query: string): Promise<number> {
  const res = await page.request.get(`/api/users?${query}&limit=1`, { headers: { 'x-auth-token': user.token } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).total;
}

test('a French-speaking member filters the directory with French labels; the URL keeps the English values', async ({ page }) => {
  const user = await frenchMember(page);
  await page.goto('/therapists');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page).toHaveTitle(/ · Thera Root$/);
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Thérapeutes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /^\d+ thérapeutes trouvés$/ })).toBeVisible();

  const form = await showFrenchFilters(page);
  await untilLive(form.getByRole('button', { name: 'Rechercher', exact: true }));
  // The options are listed by their French labels, in French alphabetical order.
  const specialties = form.getByRole('combobox', { name: 'Spécialités' });
  await expect(specialties).toHaveAttribute('placeholder', 'Toutes les spécialités');
  await pickOptions(form, 'Spécialités', ['Anxiété']);
  await pickOptions(form, 'Langues', ['Français']);
  await expect(form.getByText('Anxiété', { exact: true })).toBeVisible();
  await expect(form.getByText('Français', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Rechercher', exact: true }).click();

  // The URL holds the stored English values, not the labels.
  await expect(page).toHaveURL(/specialties=Anxiety/);
  await expect(page).toHaveURL(/languages=French/);
  expect(page.url()).not.toMatch(/Anxi%C3%A9t%C3%A9|Fran%C3%A7ais/);
  const total = await totalFor(page, user, 'specialties=Anxiety&languages=French');
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /trouvés?$/ })).toHaveText(`${total} thérapeutes trouvés`);
  await expect(cards(page)).toHaveCount(total);

  // A card in French: its availability badge, the specialty's label and the languages line.
  const mateo = card(page, MATEO);
  await expect(mateo.getByText('Accepte de nouveaux clients', { exact: true })).toBeVisible();
  await expect(mateo.getByRole('group', { name: 'Spécialités' }).getByText('Anxiété', { exact: true })).toBeVisible();
  await expect(mateo.getByText('Langues :')).toBeVisible();
  await expect(mateo).toContainText('Français');
  await expect(mateo).not.toContainText(/Accepting new clients|Anxiety|French/);
  await expectAccessible(page);

  // A reload (a shared link) draws the same search, the form showing the French labels of the URL's English values.
  await page.reload();
  await expect(cards(page)).toHaveCount(total);
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    // Specialty and language: the phone's folded form says two filters are set, in French.
    await expect(page.getByRole('main').getByRole('button', { name: 'Filtres (2)' })).toHaveAttribute('aria-expanded', 'false');
  }
  const again = await showFrenchFilters(page);
  await expect(again.getByText('Anxiété', { exact: true })).toBeVisible();
  await expect(again.getByText('Français', { exact: true })).toBeVisible();

  // The Practices tab, in French, keeps the filters.
  await page.getByRole('tab', { name: 'Cliniques' }).click();
  await expect(page).toHaveURL(/tab=practices/);
  await expect(page).toHaveURL(/specialties=Anxiety/);
  await expect(page.getByRole('tab', { name: 'Cliniques' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Cliniques dont au moins un clinicien correspond à vos filtres ; le nom cherche celui de la clinique.')).toBeVisible();
  await expectAccessible(page);

  // Clearing the filters (in French) empties the URL.
  await page.getByRole('tab', { name: 'Thérapeutes' }).click();
  await expect(cards(page).first()).toBeVisible();
  const cleared = await showFrenchFilters(page);
  await cleared.getByRole('button', { name: 'Effacer les filtres' }).click();
  await expect(page).toHaveURL(/\/therapists$/);
});
