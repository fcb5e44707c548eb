// The forums in French: a member whose language is French opens /forums, writes a post and a comment, and
// reads the forum's screens in French, at both widths, with axe. The words asserted are common/i18n/lang/fr-CA.json's.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, randomWord, signIn, untilLive } from './support.ts';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992;

test('a French-speaking member writes a post and a comment, and reads the forum in French', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  // The member's language, as /settings saves it (PATCH /api/users/me { locale }).
  const saved = await request.patch('/api/users/me', { headers: { 'x-auth-token': user.token }, data: { locale: 'fr-CA' } });
  expect(saved.status(), await saved.text()).toBe(200);
  await signIn(page, user.email, user.password);

  await page.goto('/forums');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('heading', { name: 'Forums', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Rechercher dans toutes les publications' }))
    .toHaveAttribute('placeholder', 'Rechercher dans toutes les publications…');
  await expect(page.getByRole('radiogroup', { name: 'Trier par' }).getByRole('radio', { name: 'Récentes' })).toBeChecked();
  if (isPhone(page)) {
    // On a phone the community columns fold behind one button.
    const toggle = page.getByRole('button', { name: 'Communautés', exact: true });
    await untilLive(toggle);
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Masquer les communautés' })).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(page.getByRole('heading', { name: 'Mes communautés', level: 2 })).toBeVisible();
  await expect(page.getByText('Vous n’avez encore rejoint aucune communauté.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir toutes les communautés' })).toBeVisible();
  await expectAccessible(page);

  // A post: the form and its refusal in French, then the post itself.
  const create = page.getByRole('button', { name: 'Créer une publication' });
  await untilLive(create);
  await create.click();
  const form = page.getByRole('form', { name: 'Créer une publication' });
  await expect(form.getByText('Le Markdown est pris en charge. Tapez @ pour mentionner un membre.')).toBeVisible();
  await form.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Le titre et le contenu sont obligatoires.');
  const title = `Rythme des séances ${randomWord(3)}`;
  await form.getByLabel('Titre').fill(title);
  await form.getByLabel('Contenu').fill(`Comment ralentissez-vous le rythme du travail ${randomWord(3)}?`);
  await expect(form.getByPlaceholder('Aucune communauté (général)')).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('link', { name: '0 commentaire' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Signet' })).toHaveAttribute('aria-pressed', 'false');
  await card.getByRole('link', { name: title }).click();

  // The post's page: its buttons, its empty comments, then a comment.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retour' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suivie' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Modifier la publication' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer la publication' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Commentaires (0)', level: 2 })).toBeVisible();
  await expect(page.getByText('Aucun commentaire pour l’instant.')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Ajouter un commentaire' });
  await expect(field).toHaveAttribute('placeholder', 'Écrivez un commentaire…');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Commenter', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Le commentaire est obligatoire.');
  const comment = `Par petites étapes ${randomWord(3)}.`;
  await field.fill(comment);
  await page.getByRole('button', { name: 'Commenter', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Commentaires (1)', level: 2 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: comment });
  await expect(item.getByRole('button', { name: 'Répondre' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Modifier', exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Supprimer', exact: true })).toBeVisible();

  // Deleting asks in French too.
  await item.getByRole('button', { name: 'Supprimer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer le commentaire' });
  await expect(dialog.getByText('Voulez-vous vraiment supprimer ce commentaire\u00a0?')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toBeVisible();

  // Back on the list, the post counts its comment in French.
  await page.goto('/forums');
  await expect(page.getByRole('article', { name: title }).getByRole('link', { name: '1 commentaire' })).toBeVisible();
});
