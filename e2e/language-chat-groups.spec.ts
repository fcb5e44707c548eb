// French in the chat and the consultation groups: a French-speaking member (locale fr-CA on the account) opens
// a conversation, sends a message and reads the chat screen in French, its search and files included; a French-speaking
// facilitator starts a group on /groups/new and reads /groups and the group's page in French, meeting times in French
// and in the group's time zone. Both widths, with axe, and no console error (no drawn page read differently).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, randomWord, signIn, startConversation, type NewUser } from './support.ts';

// A page's socket connects after its scripts and may be refused once and retried (web/lib/socket.ts).
const SOCKET_WAIT_MS = 25_000;
const FRENCH_WEEKDAY = /(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} [a-zéû]+ à \d{1,2} h \d{2}/;

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  return errors;
}

async function speaksFrench(request: APIRequestContext, user: NewUser): Promise<void> {
  const res = await request.patch('/api/users/me', { headers: { 'x-auth-token': user.token }, data: { locale: 'fr-CA' } });
  expect(res.status(), await res.text()).toBe(200);
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('a French-speaking member chats in French: the conversation, a sent message, search and files', async ({ page, request }) => {
  const tag = randomWord();
  const [ann, ben] = await Promise.all([createVerifiedUser(request, `Anne ${tag}`), createVerifiedUser(request, `Benoit ${tag}`)]);
  await speaksFrench(request, ann);
  const conversationId = await startConversation(request, ann, ben);
  const errors = consoleErrors(page);

  await signIn(page, ann.email, ann.password);
  await page.goto(`/chat/${conversationId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page).toHaveTitle('Messagerie · Thera Root');
  const pane = page.getByRole('region', { name: 'Conversation', exact: true });
  await expect(pane.getByRole('heading', { name: ben.name })).toBeVisible();
  await expect(pane.getByText('Hors ligne', { exact: true })).toBeVisible();
  await expect(pane.getByText('Aucun message pour l’instant. Dites bonjour!')).toBeVisible();

  // A message sent: its tick reads « Envoyé ».
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toHaveAttribute('placeholder', 'Écrivez un message...');
  await composer.fill(`Bonjour Benoit, prenez-vous des orientations ${tag}?`);
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  const bubble = page.getByRole('log', { name: 'Messages' }).getByTestId('message').filter({ hasText: `orientations ${tag}` });
  await expect(bubble.getByRole('img', { name: 'Envoyé' })).toBeVisible({ timeout: SOCKET_WAIT_MS });
  await expect(bubble.getByRole('button', { name: 'Actions sur le message' })).toBeAttached();
  await expect(composer).toHaveValue('');
  await expectAccessible(page);

  // The emoji picker in French: its search field, categories and the emoji's own names (the library's French data).
  await page.getByRole('button', { name: 'Ajouter un émoji' }).click();
  const emojiSearch = page.getByRole('textbox', { name: 'Tapez pour chercher un émoji' });
  await expect(emojiSearch).toHaveAttribute('placeholder', 'Rechercher');
  await expect(page.getByRole('tablist', { name: 'Navigation par catégorie' })).toBeVisible();
  await emojiSearch.fill('licorne');
  await expect(page.locator('.EmojiPickerReact button[data-unified="1f984"]')).toBeVisible();
  // What a screen reader hears as the search is typed, and the skin tones' names, in French too.
  await expect(page.locator('.EmojiPickerReact [role="status"]')).toHaveText(/^1 résultat\. Utilisez les flèches/);
  await emojiSearch.fill('zzzzqq');
  await expect(page.locator('.EmojiPickerReact [role="status"]')).toHaveText('Aucun résultat');
  await expect(page.locator('.EmojiPickerReact .epr-tone-1f3fd')).toHaveAttribute('aria-label', 'Teint : moyen');
  await page.keyboard.press('Escape');

  // The search in the conversation: one match, in the singular.
  await page.getByRole('button', { name: 'Rechercher dans la conversation' }).click();
  const search = page.getByRole('search', { name: 'Rechercher dans cette conversation' });
  await search.getByRole('textbox', { name: 'Rechercher des messages' }).fill(tag);
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText(new RegExp(`^1 résultat pour «\\s${tag}\\s»$`))).toBeVisible();
  await expect(page.getByRole('list', { name: 'Résultats de la recherche' }).getByTestId('search-result')).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Fermer la recherche' }).click();

  // The files panel, empty.
  await page.getByRole('button', { name: 'Fichiers de la conversation' }).click();
  const files = page.getByRole('dialog', { name: 'Fichiers' });
  await expect(files.getByText('Aucun fichier partagé dans cette conversation pour l’instant.')).toBeVisible();
  await expectAccessible(page);
  await files.getByRole('button', { name: 'Fermer les fichiers' }).click();
  await expect(files).toBeHidden();

  // The list, and "New message" in French.
  await page.goto('/chat');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByTestId('conversation-row').filter({ hasText: ben.name })).toContainText(`orientations ${tag}`);
  await page.getByRole('button', { name: 'Nouveau message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau message' });
  await dialog.getByRole('textbox', { name: 'Rechercher des collègues par nom' }).fill(`Zz${tag}`);
  await expect(dialog.getByText(new RegExp(`Aucun ou aucune collègue trouvé pour «\\sZz${tag}\\s»`))).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  expect(errors).toEqual([]);
});

test('a French-speaking facilitator starts a group and reads /groups and its page in French', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = randomWord();
  const [fac, amara] = await Promise.all([createVerifiedUser(request, `Fanny ${tag}`), createVerifiedUser(request, `Amara ${tag}`)]);
  await speaksFrench(request, fac);
  const errors = consoleErrors(page);
  const facToken = await signIn(page, fac.email, fac.password);

  await page.goto('/groups');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page).toHaveTitle('Groupes · Thera Root');
  await expect(page.getByRole('heading', { name: 'Groupes de consultation', level: 1 })).toBeVisible();
  await expect(page.getByText('Vous ne faites pas encore partie d’un groupe de consultation.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trouver un groupe' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rechercher des groupes' })).toBeVisible();
  await expectAccessible(page);

  // The new group form, in French: the weekday offered in French, the value sent as before.
  await page.getByRole('link', { name: 'Nouveau groupe' }).click();
  await expect(page.getByRole('heading', { name: 'Nouveau groupe', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Jour', exact: true })).toHaveValue('mardi');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Pairs en trauma ${tag}`);
  // The time zone chosen by its French name (Intl); the IANA id is what is saved.
  const zone = page.getByRole('textbox', { name: 'Fuseau horaire' }).or(page.getByRole('combobox', { name: 'Fuseau horaire' }));
  await zone.click();
  await zone.fill('Toronto');
  await page.getByRole('option', { name: 'heure de l’Est (America/Toronto)' }).click();
  await expect(zone).toHaveValue('heure de l’Est (America/Toronto)');
  await page.getByLabel('Première rencontre à partir du').fill(daysAgo(21));
  await page.getByRole('textbox', { name: 'Lien de la rencontre' }).fill('https://meet.example.com/trauma');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Créer le groupe' }).click();
  await expect(page.getByRole('heading', { name: `Pairs en trauma ${tag}` })).toBeVisible();
  const groupId = page.url().split('/groups/')[1];

  // A member, through the API.
  const invited = await request.post(`/api/groups/${groupId}/invitations`, { headers: { 'x-auth-token': facToken }, data: { userId: amara.id } });
  expect(invited.status(), await invited.text()).toBe(201);
  const accepted = await request.patch(`/api/groups/${groupId}/invitations/${(await invited.json())._id}`,
    { headers: { 'x-auth-token': amara.token }, data: { accept: true } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The group's page in French: the next meeting in French words, the roster, cases and attendance.
  await page.reload();
  await expect(page.getByText('Privé', { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Animé par Fanny ${tag} · 2 sur 8 membres$`))).toBeVisible();
  const next = page.getByRole('region', { name: 'Prochaine rencontre' });
  await expect(next.locator('time')).toHaveText(FRENCH_WEEKDAY);
  await expect(next.getByRole('button', { name: 'Ajouter au calendrier' })).toBeVisible();
  await expect(next.getByRole('button', { name: 'Annuler cette rencontre' })).toBeVisible();
  const members = page.getByRole('region', { name: 'Membres' });
  await expect(members.getByText(`Fanny ${tag} (anime le groupe)`)).toBeVisible();
  await expect(members.getByRole('button', { name: `Retirer Amara ${tag}` })).toBeVisible();
  await expect(members.getByRole('combobox', { name: 'Inviter un ou une thérapeute' })).toBeVisible();
  const cases = page.getByRole('region', { name: 'Cas', exact: true });
  await expect(cases.getByText('Aucun cas n’a encore été présenté.')).toBeVisible();
  await cases.getByRole('textbox', { name: 'Motif de consultation' }).fill(`Panique au travail ${tag}`);
  await cases.getByRole('textbox', { name: 'Contexte' }).fill('Plusieurs séances d’exposition, quelques progrès.');
  await cases.getByRole('textbox', { name: 'Question pour le groupe' }).fill('Comment doser les prochaines étapes?');
  await cases.getByLabel('Groupe d’âge').click();
  await page.getByRole('option', { name: 'Adultes', exact: true }).click();
  await cases.getByRole('button', { name: 'Publier le cas' }).click();
  const posted = cases.getByRole('article', { name: new RegExp(`^Cas\\s:\\sPanique au travail ${tag}$`) });
  await expect(posted).toBeVisible();
  await expect(posted.getByText(`Adultes · présenté par Fanny ${tag}`)).toBeVisible();
  const attendance = page.getByRole('region', { name: 'Présences' });
  await expect(attendance.getByRole('combobox', { name: 'Rencontre', exact: true })).toHaveValue(FRENCH_WEEKDAY);
  await attendance.getByRole('checkbox', { name: `Amara ${tag}` }).check();
  await attendance.getByRole('button', { name: 'Enregistrer les présences' }).click();
  await expect(attendance.getByRole('status')).toHaveText('Présences enregistrées.');
  await expectAccessible(page);

  // Back on /groups: the group's card in French.
  await page.getByRole('link', { name: 'Retour aux groupes' }).click();
  const mine = page.getByRole('region', { name: 'Mes groupes' });
  await expect(mine.getByRole('link', { name: `Pairs en trauma ${tag}` })).toBeVisible();
  await expect(mine.getByText(/^Prochaine rencontre\s:\s/)).toContainText(FRENCH_WEEKDAY);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});
