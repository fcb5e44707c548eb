// Referrals in two browsers at both widths: Ann refers a client from Ben's profile, sees him suggested with
// the reasons, sends; Ben sees it arrive live, accepts; both find their conversation open; Ann marks it placed.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, pickOptions, screenshot, secondBrowser, signIn, type NewUser } from './support.ts';

// Mantine's combobox re-renders its options while phone emulation types into it; a retry keeps a missed pick from
// failing the run (it is reported as flaky), as in therapists.spec.ts.
test.describe.configure({ retries: Number(process.env.REFERRALS_RETRIES ?? 2) });

const PHONE_NOTE = 'Please call her mother at 416-555-0199 to arrange intake.';
const PHONE_REFUSAL = 'The note looks like it contains a phone number. Describe needs, not identities.';
const CLEAN_NOTE = 'Prefers evening sessions; previous CBT helped a little. Family is supportive.';

/** Ben's practice matches the client (licensed in Ontario, accepting), and Ann keeps him in her network: he ranks first. */
async function makeMatch(request: APIRequestContext, ann: NewUser, ben: NewUser) {
  const profile = await request.put('/api/users/me', {
    headers: { 'x-auth-token': ben.token },
    data: {
      demographics: ['Teen', 'Adults'], specialties: ['Anxiety', 'Grief'], sessionFormat: ['Online'],
      acceptingClients: 'accepting', availabilityNote: 'Tue and Thu evenings', licensedRegions: ['ON'], languages: ['English'],
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const favourite = await request.patch(`/api/users/favorites/${ben.id}`, { headers: { 'x-auth-token': ann.token } });
  expect(favourite.status(), await favourite.text()).toBe(200);
}

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const main = (page: Page) => page.getByRole('main');
const form = (page: Page) => page.getByRole('form', { name: 'Refer a client' });

const pick = (page: Page, label: string, options: string[]) => pickOptions(form(page), label, options);

/** The needs of the client in these tests: a teen with anxiety, online, in Ontario. */
async function fillNeeds(page: Page) {
  await form(page).getByRole('combobox', { name: 'Age group' }).selectOption('Teen');
  await form(page).getByRole('combobox', { name: "Client's province or state" }).selectOption('ON');
  await pick(page, 'Concerns', ['Anxiety']);
  await form(page).getByRole('checkbox', { name: 'Online' }).check();
}

/** The navigation item with the open count in its name; on a phone it is in the menu behind the burger. */
async function expectReferralsNav(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Side' }).getByRole('link', { name, exact: true });
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(nav).toBeVisible();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
  } else {
    await expect(nav).toBeVisible();
  }
}

test('Ann refers a client to Ben, who accepts live; both open the conversation; Ann marks it placed', async ({ page, browser, request }, testInfo) => {
  // Two members' whole journey with seven accessibility scans: a busy machine needs more than the default minute.
  test.slow();
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  await makeMatch(request, ann, ben);

  // Ben waits on his Received tab, with nothing open yet.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto('/referrals');
  await expect(benPage.getByRole('heading', { name: 'Referrals', level: 1 })).toBeFocused();
  await expect(benPage.getByText('No referrals received yet.', { exact: false })).toBeVisible();
  await expectReferralsNav(benPage, 'Referrals');
  await expectAccessible(benPage);

  // Ann opens Ben's profile and refers a client to him: the form opens with Ben chosen.
  await signIn(page, ann.email, ann.password);
  await page.goto(`/profile/${ben.id}`);
  await page.getByRole('link', { name: `Refer a client to ${ben.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/referrals/new\\?to=${ben.id}$`));
  await expect(page.getByRole('heading', { name: 'Refer a client', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Refer a client · Thera Root');
  await expect(form(page).getByRole('checkbox', { name: ben.name })).toBeChecked();

  // The needs; Ben is suggested first (her network) with the needs he matches, still chosen.
  await fillNeeds(page);
  const benSuggestion = page.getByTestId('suggestion').filter({ hasText: ben.name });
  await expect(page.getByTestId('suggestion').first()).toContainText(ben.name);
  await expect(benSuggestion).toContainText('In your network');
  await expect(benSuggestion).toContainText('Matches: Teen, Anxiety, Online, licensed in ON');
  await expect(benSuggestion).toContainText('Accepting new clients');
  await expect(benSuggestion).toContainText('Tue and Thu evenings');
  await expect(benSuggestion.getByRole('checkbox', { name: ben.name })).toBeChecked();
  await expect(form(page).getByText('1 of at most 10 therapists chosen.')).toBeVisible();

  // The privacy check reads the note as it is typed and holds the referral back.
  const note = form(page).getByRole('textbox', { name: 'Note' });
  await note.fill(PHONE_NOTE);
  await expect(form(page).getByRole('alert').filter({ hasText: PHONE_REFUSAL })).toBeVisible();
  await expect(form(page).getByRole('button', { name: 'Send referral' })).toBeDisabled();
  await note.fill(CLEAN_NOTE);
  await expect(form(page).getByText(PHONE_REFUSAL)).toHaveCount(0);
  await screenshot(page, 'referral-new');
  await expectAccessible(page);
  await form(page).getByRole('button', { name: 'Send referral' }).click();

  // Ann lands on the referral: open, Ben waiting for an answer.
  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  const referralUrl = new URL(page.url()).pathname;
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Teen · Anxiety · Online · Ontario');
  const benLine = page.getByTestId('recipient').filter({ hasText: ben.name });
  await expect(benLine).toContainText('Waiting for an answer');
  await expect(main(page).getByText(CLEAN_NOTE)).toBeVisible();

  // Ben sees it arrive without reloading: in his list and in the navigation's count.
  const row = benPage.getByTestId('referral-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Teen · Anxiety · Online · Ontario');
  await expect(row).toContainText(`From ${ann.name}`);
  await expect(benPage.getByRole('tab', { name: 'Received (1 open)' })).toBeVisible();
  await screenshot(benPage, 'referrals-received');
  await expectReferralsNav(benPage, 'Referrals, 1 open');

  // His dashboard counts it too, and leads to it.
  await benPage.goto('/');
  const card = benPage.getByRole('region', { name: 'Referrals' });
  await expect(card).toContainText('1 referral waiting for your answer.');
  await expectAccessible(benPage);

  // Ben opens it and accepts with a message.
  await card.getByRole('link', { name: /Teen · Anxiety/ }).click();
  await expect(benPage).toHaveURL(new RegExp(`${referralUrl}$`));
  await expect(benPage.getByText(CLEAN_NOTE)).toBeVisible();
  await expectAccessible(benPage);
  await benPage.getByRole('textbox', { name: 'Message to the referring therapist' }).fill('I have a Tuesday evening opening.');
  await benPage.getByRole('button', { name: 'Accept', exact: true }).click();
  const benSelf = benPage.getByTestId('recipient');
  await expect(benSelf).toContainText('Accepted');
  await expect(benPage.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await expectReferralsNav(benPage, 'Referrals');

  // Ann's page hears it live: Ben accepted, with his message.
  await expect(benLine).toContainText('Accepted');
  await expect(benLine).toContainText('I have a Tuesday evening opening.');
  await screenshot(page, 'referral-accepted');
  await expectAccessible(page);

  // Both find the conversation open, the referral named in it.
  await benSelf.getByRole('link', { name: `Open conversation with ${ann.name}` }).click();
  await expect(benPage).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(benPage.getByRole('heading', { name: ann.name })).toBeVisible();
  await expect(benPage.getByText(/Referral accepted/).first()).toBeVisible();
  await benLine.getByRole('link', { name: `Open conversation with ${ben.name}` }).click();
  await expect(page).toHaveURL(new URL(benPage.url()).pathname);
  await expect(page.getByRole('heading', { name: ben.name })).toBeVisible();

  // Ann marks the client placed.
  await page.goto(referralUrl);
  await page.getByRole('button', { name: 'Mark placed' }).click();
  await page.getByRole('dialog', { name: 'Mark placed' }).getByRole('button', { name: 'Mark placed' }).click();
  await expect(main(page).getByText('The client has been placed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark placed' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to referrals' }).click();
  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page).toHaveURL(/\/referrals\/sent$/);
  await expect(page.getByTestId('referral-row')).toContainText('Placed');
  await expectAccessible(page);
  await benPage.context().close();
});

test('the privacy check blocks a note with a phone number before anything is sent', async ({ page, request }) => {
  const ann = await createVerifiedUser(request);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/referrals') sent.push(r.url());
  });
  await signIn(page, ann.email, ann.password);
  await page.goto('/referrals/new');
  await fillNeeds(page);
  await form(page).getByRole('checkbox', { name: 'Also post to the board' }).check();
  const note = form(page).getByRole('textbox', { name: 'Note' });
  await note.pressSequentially('Teen with panic attacks, reach me on (647) 555 0123', { delay: 5 });
  const refusal = form(page).getByRole('alert').filter({ hasText: PHONE_REFUSAL });
  await expect(refusal).toBeVisible();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  const send = form(page).getByRole('button', { name: 'Send referral' });
  await expect(send).toBeDisabled();
  // Enter in another field would submit the form: the disabled button must hold it back too.
  await form(page).getByRole('textbox', { name: 'Needed by' }).press('Enter');
  await screenshot(page, 'referral-privacy');
  await expectAccessible(page);
  expect(sent).toEqual([]);
  await expect(page).toHaveURL(/\/referrals\/new$/);
});

test('a name in the note is shown as it is typed and asked about before sending', async ({ page, request }) => {
  const ann = await createVerifiedUser(request);
  const sent: { confirmLikelyName?: boolean }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/referrals') sent.push(r.postDataJSON() as { confirmLikelyName?: boolean });
  });
  await signIn(page, ann.email, ann.password);
  await page.goto('/referrals/new');
  await fillNeeds(page);
  await form(page).getByRole('checkbox', { name: 'Also post to the board' }).check();
  const note = form(page).getByRole('textbox', { name: 'Note' });
  await note.pressSequentially('Maria Lopez, 34, postpartum anxiety', { delay: 5 });
  const findings = form(page).getByTestId('privacy-findings');
  await expect(findings).toContainText('The note may contain a name.');
  await expect(findings).toContainText('Name (possible): Maria Lopez');
  await expect(note).toHaveAttribute('aria-describedby', /.+/);
  await screenshot(page, 'referral-likely-name');

  // Cancelling the question sends nothing; confirming sends the note with the confirmation.
  await form(page).getByRole('button', { name: 'Send referral' }).click();
  const dialog = page.getByRole('dialog', { name: 'Possible name' });
  await expect(dialog).toContainText('This looks like a name. Send anyway?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toEqual([]);
  await form(page).getByRole('button', { name: 'Send referral' }).click();
  await page.getByRole('dialog', { name: 'Possible name' }).getByRole('button', { name: 'Send anyway' }).click();
  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  expect(sent).toHaveLength(1);
  expect(sent[0].confirmLikelyName).toBe(true);
});

test('the board: a matching colleague offers, the sender accepts the offer, then withdraws after confirming', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const [ann, cleo] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  const profile = await request.put('/api/users/me', {
    // Licensed where the client is: accepting her offer is not asked about (referral-answers.spec.ts is).
    headers: { 'x-auth-token': cleo.token }, data: { demographics: ['Teen'], specialties: ['Anxiety'], licensedRegions: ['ON'] },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  // Ann has sent nothing yet; her own board shows no request (her profile matches none).
  await signIn(page, ann.email, ann.password);
  await page.goto('/referrals/board');
  await expect(page.getByRole('tab', { name: 'Board', selected: true })).toBeVisible();
  await expect(page.getByText('No open requests on the board match', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page).toHaveURL(/\/referrals\/sent$/);
  await expect(page.getByText('You have not referred a client yet.')).toBeVisible();

  // Neither a therapist nor the board: the form says what is missing; then to the board only.
  await page.getByRole('link', { name: 'Refer a client' }).click();
  await fillNeeds(page);
  await form(page).getByRole('button', { name: 'Send referral' }).click();
  await expect(form(page).getByText('Choose at least one therapist or post the request to the board.')).toBeVisible();
  await form(page).getByRole('checkbox', { name: 'Also post to the board' }).check();
  await form(page).getByRole('button', { name: 'Send referral' }).click();
  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Not sent to anyone directly: the request is on the board.')).toBeVisible();
  const offers = page.getByRole('region', { name: 'Offers from the board' });
  await expect(offers).toContainText('No offers yet.');

  // Cleo's practice matches: she finds it on the board and offers to take the client.
  const cleoPage = await secondBrowser(browser, testInfo, cleo);
  await cleoPage.goto('/referrals/board');
  const item = cleoPage.getByTestId('board-item').filter({ hasText: `Posted by ${ann.name}` });
  await expect(item).toContainText('Teen · Anxiety · Online · Ontario');
  await item.getByRole('button', { name: 'I can take this' }).click();
  await expect(item.getByRole('textbox', { name: 'Message to the sender' })).toBeFocused();
  await item.getByRole('textbox', { name: 'Message to the sender' }).fill('I have two openings on Thursday mornings.');
  await expectAccessible(cleoPage);
  await item.getByRole('button', { name: 'Send offer' }).click();
  await expect(item).toContainText('Offer sent');
  await screenshot(cleoPage, 'referrals-board');

  // Ann sees the offer arrive without reloading and accepts it: Cleo becomes a recipient who has accepted.
  await expect(offers).toContainText('I have two openings on Thursday mornings.');
  await expectAccessible(page);
  await offers.getByRole('button', { name: `Accept offer from ${cleo.name}` }).click();
  const cleoLine = page.getByTestId('recipient').filter({ hasText: cleo.name });
  await expect(cleoLine).toContainText('Accepted');
  await expect(cleoLine).toContainText('from the board');
  await expect(cleoLine.getByRole('link', { name: `Open conversation with ${cleo.name}` })).toBeVisible();

  // Withdrawing asks first; cancelling keeps it open.
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw referral' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByRole('dialog', { name: 'Withdraw referral' }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('You withdrew this request.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await cleoPage.context().close();
});
