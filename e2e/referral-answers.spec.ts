// Referrals in a therapist's first week, at both widths: where the client is (suggestions and board offers from
// colleagues not licensed there are labelled, and accepting one is asked about), answers that are confirmed and named
// in the sender's notifications, "No capacity" that can also close the profile to new clients, the accepting
// therapist's message carried into the conversation with their presence live, and a sender whose account was closed.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN, apiLogin, createVerifiedUser, expectAccessible, pickOptions, secondBrowser, signIn, type NewUser, randomWord } from './support.ts';

// Mantine's combobox re-renders its options while phone emulation types into it (as in referrals.spec.ts).
test.describe.configure({ retries: Number(process.env.REFERRALS_RETRIES ?? 1) });

const unique = () => randomWord(3);

async function send(request: APIRequestContext, user: NewUser, method: 'post' | 'put' | 'patch' | 'get', url: string, data?: object) {
  const res = await request[method](url, { headers: { 'x-auth-token': user.token }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function members(request: APIRequestContext, ...names: string[]): Promise<NewUser[]> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const id = unique();
  return Promise.all(names.map((name) => createVerifiedUser(request, `${name} ${id}`, admin)));
}

/** A teen with anxiety, online, in the region given (Yukon by default, where no demo therapist is licensed). */
const needs = (region = 'YT') => ({ ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region, note: '' });

/** A practice that matches those needs, licensed where `regions` says. */
const practise = (request: APIRequestContext, user: NewUser, regions: string[]) => send(request, user, 'put', '/api/users/me', {
  demographics: ['Teen'], specialties: ['Anxiety'], sessionFormat: ['Online'], acceptingClients: 'accepting', licensedRegions: regions,
});

const form = (page: Page) => page.getByRole('form', { name: 'Refer a client' });

test('suggestions, the board and its offers say who is not licensed where the client is, and accepting such an offer is asked about', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const [ann, ben, cleo] = await members(request, 'Region Sender', 'Region Colleague', 'Region Offerer');
  await Promise.all([practise(request, ben, ['BC']), practise(request, cleo, ['QC'])]);

  // A Yukon client: the colleagues who match are licensed elsewhere, and the form says so.
  await signIn(page, ann.email, ann.password);
  await page.goto('/referrals/new');
  await form(page).getByRole('combobox', { name: 'Age group' }).selectOption('Teen');
  await form(page).getByRole('combobox', { name: "Client's province or state" }).selectOption('YT');
  await form(page).getByRole('checkbox', { name: 'Online' }).check();
  await pickOptions(form(page), 'Concerns', ['Anxiety']);
  const benSuggestion = page.getByTestId('suggestion').filter({ hasText: ben.name });
  await expect(benSuggestion).toContainText('Not licensed in YT');
  await expect(form(page).getByText('No suggested therapist is licensed in YT')).toBeVisible();
  await expectAccessible(page);

  // On the board, Cleo (licensed in Quebec) offers; Ann is asked before accepting her.
  const referral = await send(request, ann, 'post', '/api/referrals', { ...needs(), toBoard: true });
  await send(request, cleo, 'post', `/api/referrals/${referral._id}/offers`, { message: 'I can see a teen on Thursdays.' });
  // Her board said so before she offered.
  const cleoPage = await secondBrowser(browser, testInfo, cleo);
  await cleoPage.goto('/referrals/board');
  await expect(cleoPage.getByTestId('board-item').filter({ hasText: `Posted by ${ann.name}` })).toContainText('Not licensed in YT');
  await cleoPage.context().close();
  await page.goto(`/referrals/${referral._id}`);
  const offers = page.getByRole('region', { name: 'Offers from the board' });
  await expect(offers).toContainText('Not licensed in YT');
  await offers.getByRole('button', { name: `Accept offer from ${cleo.name}` }).click();
  const warning = page.getByRole('dialog', { name: "Not licensed in the client's region" });
  await expect(warning).toContainText(`${cleo.name} is not licensed in YT, where the client is.`);
  await expectAccessible(page);
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByTestId('recipient')).toHaveCount(0);
  await offers.getByRole('button', { name: `Accept offer from ${cleo.name}` }).click();
  await page.getByRole('dialog', { name: "Not licensed in the client's region" }).getByRole('button', { name: 'Accept anyway' }).click();
  await expect(page.getByTestId('recipient').filter({ hasText: cleo.name })).toContainText('Accepted');
});

test('answers are confirmed and named; No capacity can close the profile; the accepting message opens the conversation, presence live', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const [ann, ben, cleo, dan] = await members(request, 'Answer Sender', 'Answer Decliner', 'Answer Full', 'Answer Taker');
  await practise(request, cleo, ['ON']);
  const referral = await send(request, ann, 'post', '/api/referrals', { ...needs('ON'), recipientIds: [ben.id, cleo.id, dan.id] });
  const url = `/referrals/${referral._id}`;

  // Ann waits on the referral, online.
  await signIn(page, ann.email, ann.password);
  await page.goto(url);
  await expect(page.getByTestId('recipient')).toHaveCount(3);

  // Ben declines: asked first; cancelling sends nothing.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(url);
  await benPage.getByRole('button', { name: 'Decline', exact: true }).click();
  const decline = benPage.getByRole('dialog', { name: 'Decline referral' });
  await expect(decline).toContainText(`${ann.name} is told at once`);
  await expectAccessible(benPage);
  await decline.getByRole('button', { name: 'Cancel' }).click();
  await expect(decline).toBeHidden();
  await expect(benPage.getByRole('button', { name: 'Decline', exact: true })).toBeEnabled();
  await benPage.getByRole('button', { name: 'Decline', exact: true }).click();
  await benPage.getByRole('dialog', { name: 'Decline referral' }).getByRole('button', { name: 'Decline' }).click();
  await expect(benPage.getByTestId('recipient')).toContainText('Declined');
  await benPage.context().close();

  // Cleo has no capacity, and closes her profile to new clients in the same step (ticked already).
  const cleoPage = await secondBrowser(browser, testInfo, cleo);
  await cleoPage.goto(url);
  await cleoPage.getByRole('button', { name: 'No capacity', exact: true }).click();
  const full = cleoPage.getByRole('dialog', { name: 'No capacity' });
  await expect(full.getByRole('checkbox', { name: 'Also set my profile to "Not accepting new clients"' })).toBeChecked();
  await expectAccessible(cleoPage);
  await full.getByRole('button', { name: 'Send "No capacity"' }).click();
  await expect(cleoPage.getByTestId('recipient')).toContainText('No capacity');
  await expect.poll(async () => (await send(request, cleo, 'get', `/api/users/${cleo.id}`)).acceptingClients).toBe('not accepting');
  await cleoPage.context().close();

  // Dan accepts with a message.
  const danPage = await secondBrowser(browser, testInfo, dan);
  await danPage.goto(url);
  await danPage.getByRole('textbox', { name: 'Message to the referring therapist' }).fill('I have a Tuesday evening opening.');
  await danPage.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(danPage.getByTestId('recipient')).toContainText('Accepted');

  // Ann's page hears it; the conversation opens with Dan's message in it, and Dan shows online without a reload.
  const danLine = page.getByTestId('recipient').filter({ hasText: dan.name });
  await expect(danLine).toContainText('Accepted');
  await danLine.getByRole('link', { name: `Open conversation with ${dan.name}` }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: dan.name })).toBeVisible();
  const conversation = page.getByRole('region', { name: 'Conversation', exact: true });
  await expect(conversation.getByText('Online', { exact: true })).toBeVisible();
  await expect(conversation.getByText('I have a Tuesday evening opening.')).toBeVisible();
  await danPage.context().close();

  // Her notifications say each answer.
  await page.goto('/notifications');
  await expect(page.getByText(`${ben.name} declined your referral`)).toBeVisible();
  await expect(page.getByText(`${cleo.name} has no capacity for your referral`)).toBeVisible();
  await expect(page.getByText(`${dan.name} accepted your referral`)).toBeVisible();

  // Mark placed asks first too.
  await page.goto(url);
  await page.getByRole('button', { name: 'Mark placed' }).click();
  const placed = page.getByRole('dialog', { name: 'Mark placed' });
  await expect(placed).toContainText('Everyone you asked is told');
  await placed.getByRole('button', { name: 'Cancel' }).click();
  await expect(placed).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mark placed' })).toBeEnabled();
  await page.getByRole('button', { name: 'Mark placed' }).click();
  await page.getByRole('dialog', { name: 'Mark placed' }).getByRole('button', { name: 'Mark placed' }).click();
  await expect(page.getByText('The client has been placed.')).toBeVisible();
});

test('a referral accepted from a member who then deleted their account says the account was closed', async ({ page, request }) => {
  const [ann, ben] = await members(request, 'Closing Sender', 'Closing Recipient');
  const referral = await send(request, ann, 'post', '/api/referrals', { ...needs('ON'), recipientIds: [ben.id] });
  await send(request, ben, 'patch', `/api/referrals/${referral._id}`, { response: 'accepted' });
  const deleted = await request.delete('/api/users/me', { headers: { 'x-auth-token': ann.token }, data: { password: ann.password } });
  expect(deleted.status(), await deleted.text()).toBe(200);

  await signIn(page, ben.email, ben.password);
  await page.goto(`/referrals/${referral._id}`);
  await expect(page.getByText("The referring therapist's account was closed.", { exact: false })).toBeVisible();
  await expect(page.getByText('withdrew this request', { exact: false })).toHaveCount(0);
  await expectAccessible(page);
});
