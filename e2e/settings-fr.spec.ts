// Settings, notifications and the search box in French: a member whose language is Canadian French reads
// the security, privacy and notification settings, the notifications page and the quick search in French, at both
// widths, and the screens stay accessible.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, signIn, untilLive, type NewUser } from './support.ts';

/** In the page: whether the select's text box (its width less its padding, which holds the chevron) fits its longest option's label. */
function widestOptionFits(select: HTMLSelectElement): boolean {
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
  return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) >= widest;
}

/** A verified member who chose French on their account. */
async function frenchMember(page: Page): Promise<NewUser> {
  const user = await createVerifiedUser(page.request);
  const saved = await page.request.patch('/api/users/me', { headers: { 'x-auth-token': user.token }, data: { locale: 'fr-CA' } });
  expect(saved.status(), await saved.text()).toBe(200);
  await signIn(page, user.email, user.password);
  return user;
}

test.describe('settings, notifications and search in French', () => {
  test.use({ timezoneId: 'America/Toronto' });

  test('a French-speaking member reads security, privacy and notification settings in French', async ({ page }) => {
    await frenchMember(page);

    await page.goto('/settings/security');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sécurité' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Connexion à deux facteurs' })).toBeVisible();
    await expect(page.getByText('La connexion à deux facteurs est désactivée.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Configurer la connexion à deux facteurs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Clés d’accès' })).toBeVisible();
    await expect(page.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sessions actives' })).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByText('Cet appareil')).toBeVisible();
    await expect(sessions.getByText(/· connexion (à l’instant|il y a \d+ (s|min)) · dernière activité/).first()).toBeVisible();
    // The session the test's API sign-in opened can be ended, by a button named in French.
    await expect(sessions.getByRole('button', { name: /^Terminer la session : .+ sur .+, connexion / }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Accès à mon compte' })).toBeVisible();
    const history = page.getByRole('list', { name: 'Historique des accès' });
    await expect(history.getByText('Connexion', { exact: true }).first()).toBeVisible();
    // Devices are sent as names and codes, for the web app to word in the member's language: the words around the
    // names are French, in both lists.
    for (const list of [sessions, history]) {
      await expect(list.getByText(/ sur /).first()).toBeVisible();
      await expect(list).not.toContainText(/ on |Unknown|\((desktop|mobile|tablet)\)/);
    }
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Confidentialité' }).click();
    await expect(page).toHaveURL(/\/settings\/privacy$/);
    await expect(page.getByRole('radiogroup', { name: 'Qui peut m’écrire' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Seulement les personnes de mon réseau' })).toBeVisible();
    await expect(page.getByTestId('storage-use')).toHaveText(/^Stockage : 0 octet sur \d+(,\d)? (Ko|Mo|Go)$/);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications sur cet appareil' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Dans l’application' })).toBeVisible();
    const mentions = page.getByRole('combobox', { name: 'Courriel : Mentions de mon nom' });
    await expect(mentions).toBeVisible();
    await expect(mentions.getByRole('option')).toHaveText(['Désactivé', 'Immédiatement', 'Résumé quotidien']);
    // « Résumé quotidien » is longer than "Daily digest": every select still shows each option whole.
    for (const select of await page.getByRole('combobox', { name: /^Courriel : / }).all()) {
      expect(await select.evaluate(widestOptionFits), await select.getAttribute('aria-label') ?? '').toBe(true);
    }
    await expect(page.getByRole('switch', { name: 'Dans l’application : Mentions J’aime sur mes publications' })).toBeVisible();
    // The time zone by its French name (Intl), beside its IANA id, which stays the value saved.
    await expect(page.getByRole('textbox', { name: 'Fuseau horaire' }).or(page.getByRole('combobox', { name: 'Fuseau horaire' })))
      .toHaveValue('heure de l’Est (America/Toronto)');
    await expectAccessible(page);
  });

  test('a French-speaking member reads the notifications page and the quick search in French', async ({ page }) => {
    await frenchMember(page);

    // Verifying the licence left one notification, unread.
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tout marquer comme lu' })).toBeEnabled();
    await expect(page.getByText('1 non lue', { exact: true })).toBeVisible();
    const all = page.getByRole('list', { name: 'Toutes les notifications' });
    await expect(all.getByText('Votre permis d’exercice a été vérifié')).toBeVisible();
    await expect(all.getByText('Non lue :', { exact: false })).toBeAttached();
    await expectAccessible(page);

    const open = page.getByRole('banner').getByRole('button', { name: 'Rechercher', exact: true });
    await untilLive(open);
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Rechercher' });
    await expect(dialog.getByText('Commencez à taper pour rechercher.')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Rechercher des thérapeutes, des publications, des communautés et des ressources' }).fill('trauma');
    const results = dialog.getByRole('listbox', { name: 'Résultats de recherche' });
    await expect(results.getByRole('group', { name: 'Communautés' })).toBeVisible();
    await expect(results.getByRole('option', { name: 'Tous les résultats (communautés) pour « trauma »' })).toBeVisible();
    await expect(results.getByText(/^\d+ membres?$/).first()).toBeVisible();
    await expect(results).not.toContainText(/\d+ members?\b/);
    await expect(dialog.getByRole('status')).toHaveText(/^\d+ résultats?\. Utilisez les flèches pour choisir, Entrée pour ouvrir\.$/);
    await expectAccessible(page);
  });
});
