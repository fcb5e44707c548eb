// Referrals in French, at both widths with axe: Anne, whose language is French, fills the referral form (its
// labels, option lists and refusals in French), the privacy guard holds back a note with a phone number and says why in
// French, she sends it; Benoît, in French too, sees it arrive and accepts with a message; Anne's page hears his answer.
// Dates and counts are written the French way. The words asserted are common/i18n/lang/fr-CA.json's.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, pickOptions, secondBrowser, signIn, untilLive, type NewUser } from './support.ts';

// Mantine's combobox re-renders its options while phone emulation types into it (as in referrals.spec.ts).
test.describe.configure({ retries: Number(process.env.REFERRALS_RETRIES ?? 1) });

const PHONE_NOTE = 'Appeler sa mère au 416-555-0199 pour l’accueil.';
const PHONE_REFUSAL = 'La note semble contenir un numéro de téléphone. Décrivez les besoins, pas l’identité.';
const CLEAN_NOTE = 'Préfère les séances en soirée; la TCC l’a un peu aidée.';
const NEEDS_LINE = 'Adolescents · Anxiété · En ligne · Ontario';
// A relative time in French, in the catalogue's compact words (web/lib/time.ts): "à l’instant", "il y a 12 s", "il y a 1 min".
const JUST_NOW_FR = /à l’instant|il y a \d+ (s|min)\b/;

/** A member whose language is French, as /settings saves it. */
async function frenchMember(request: APIRequestContext, name: string): Promise<NewUser> {
  const user = await createVerifiedUser(request, name);
  const saved = await request.patch('/api/users/me', { headers: { 'x-auth-token': user.token }, data: { locale: 'fr-CA' } });
  expect(saved.status(), await saved.text()).toBe(200);
  return user;
}

/** Benoît's practice matches the client (licensed in Ontario, accepting), and Anne keeps him in her network. */
async function makeMatch(request: APIRequestContext, anne: NewUser, ben: NewUser) {
  const profile = await request.put('/api/users/me', {
    headers: { 'x-auth-token': ben.token },
    data: { demographics: ['Teen'], specialties: ['Anxiety'], sessionFormat: ['Online'], acceptingClients: 'accepting', licensedRegions: ['ON'] },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const favourite = await request.patch(`/api/users/favorites/${ben.id}`, { headers: { 'x-auth-token': anne.token } });
  expect(favourite.status(), await favourite.text()).toBe(200);
}

const form = (page: Page) => page.getByRole('form', { name: 'Orienter un client' });
const send = (page: Page) => form(page).getByRole('button', { name: 'Envoyer l’orientation' });

test('a French-speaking member refers a client in French; the recipient answers in French; the sender sees the answer', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const tag = Math.random().toString(36).slice(2, 6);
  const [anne, ben] = await Promise.all([frenchMember(request, `Anne Gagnon ${tag}`), frenchMember(request, `Benoît Roy ${tag}`)]);
  await makeMatch(request, anne, ben);

  // Benoît waits on his Received tab, nothing open yet.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto('/referrals');
  await expect(benPage.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(benPage.getByRole('heading', { name: 'Orientations', level: 1 })).toBeVisible();
  await expect(benPage.getByText('Aucune orientation reçue pour l’instant.', { exact: false })).toBeVisible();

  // Anne opens the form from the list.
  await signIn(page, anne.email, anne.password);
  await page.goto(`/referrals/new?to=${ben.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('heading', { name: 'Orienter un client', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Orienter un client · Thera Root');
  await expect(form(page).getByRole('heading', { name: 'Besoins du client' })).toBeVisible();
  await expect(form(page).getByRole('checkbox', { name: ben.name })).toBeChecked();
  await expect(form(page).getByText('1 thérapeute choisi sur 10 au plus.')).toBeVisible();

  // Sent with no needs: each field says what is missing, in French.
  await untilLive(send(page));
  await send(page).click();
  await expect(form(page).getByRole('alert').filter({ hasText: 'Certains besoins manquent : voyez les champs signalés.' })).toBeVisible();
  for (const error of ['Choisissez le groupe d’âge du client.', 'Choisissez au moins une problématique.', 'Choisissez le lieu de résidence du client.', 'Choisissez au moins un format de séance.']) {
    await expect(form(page).getByText(error)).toBeVisible();
  }
  await expectAccessible(page);

  // The option lists in French: the age group, the province, the concerns, the session formats, the urgency.
  const age = form(page).getByRole('combobox', { name: 'Groupe d’âge' });
  await expect(age.getByRole('option', { name: 'Choisissez un groupe d’âge' })).toBeAttached();
  await age.selectOption({ label: 'Adolescents' });
  const region = form(page).getByRole('combobox', { name: 'Province ou État du client' });
  await expect(region.locator('optgroup[label="États-Unis"]')).toBeAttached();
  await region.selectOption({ label: 'Ontario' });
  await pickOptions(form(page), 'Problématiques', ['Anxiété']);
  await form(page).getByRole('checkbox', { name: 'En ligne' }).check();
  await expect(form(page).getByRole('radio', { name: 'Courante' })).toBeVisible();
  await form(page).getByLabel('Date limite').fill('2027-03-15');

  // Benoît is suggested with the reasons, in French.
  const suggestion = page.getByTestId('suggestion').filter({ hasText: ben.name });
  await expect(suggestion).toContainText('Dans votre réseau');
  // The needs matched, each in French: the server sends them as values, the app words them.
  await expect(suggestion).toContainText('Correspond à : Adolescents, Anxiété, En ligne et permis d’exercice en ON');
  await expect(suggestion).toContainText('Accepte de nouveaux clients');

  // The privacy guard reads the note as it is typed, holds the referral back and says why, in French.
  const note = form(page).getByRole('textbox', { name: 'Note' });
  await note.fill(PHONE_NOTE);
  await expect(form(page).getByRole('alert').filter({ hasText: PHONE_REFUSAL })).toBeVisible();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(send(page)).toBeDisabled();
  await expectAccessible(page);
  await note.fill(CLEAN_NOTE);
  await expect(form(page).getByText(PHONE_REFUSAL)).toHaveCount(0);
  // The count of characters, in French.
  await expect(form(page).getByText(/\d+ \/ 1000 caractères/)).toBeVisible();
  await send(page).click();

  // Anne lands on her referral: its needs, its date written the French way, Benoît waiting.
  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  const referralPath = new URL(page.url()).pathname;
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(NEEDS_LINE);
  await expect(page.getByText('Ouverte jusqu’au 15 mars 2027.', { exact: false })).toBeVisible();
  await expect(page.getByText(/Envoyée par vous/)).toContainText(JUST_NOW_FR);
  const benLine = page.getByTestId('recipient').filter({ hasText: ben.name });
  await expect(benLine).toContainText('En attente de réponse');
  await expect(page.getByRole('main').getByText(CLEAN_NOTE)).toBeVisible();
  await expectAccessible(page);

  // Benoît sees it arrive without reloading, counted in French.
  const row = benPage.getByTestId('referral-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(NEEDS_LINE);
  await expect(row).toContainText(`De ${anne.name}`);
  await expect(benPage.getByRole('tab', { name: 'Reçues (1 ouverte)' })).toBeVisible();
  await expectAccessible(benPage);

  // He opens it and accepts with a message.
  await benPage.goto(referralPath);
  await expect(benPage.getByText(CLEAN_NOTE)).toBeVisible();
  await expect(benPage.getByText('15 mars 2027').first()).toBeVisible();
  const message = benPage.getByRole('textbox', { name: 'Message au thérapeute qui oriente' });
  await untilLive(message);
  await message.fill('J’ai une disponibilité le mardi soir.');
  await expectAccessible(benPage);
  await benPage.getByRole('button', { name: 'Accepter', exact: true }).click();
  await expect(benPage.getByTestId('recipient')).toContainText('Acceptée');
  await expect(benPage.getByRole('button', { name: 'Accepter', exact: true })).toHaveCount(0);

  // Anne's page hears the answer live, in French, with his message and when he answered.
  await expect(benLine).toContainText('Acceptée');
  await expect(benLine).toContainText('J’ai une disponibilité le mardi soir.');
  await expect(benLine.getByText(/A répondu/)).toContainText(JUST_NOW_FR);
  await expect(benLine.getByRole('link', { name: `Ouvrir la conversation avec ${ben.name}` })).toBeVisible();
  await expectAccessible(page);

  // Her Sent tab counts it in French.
  await page.getByRole('link', { name: 'Retour aux orientations' }).click();
  await page.getByRole('tab', { name: 'Envoyées' }).click();
  await expect(page.getByTestId('referral-row')).toContainText('1 thérapeute sollicité, acceptée par 1');
  await expectAccessible(page);
  await benPage.context().close();
});
