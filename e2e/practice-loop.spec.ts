// The whole referral loop through a group practice, at both widths with axe (docs/decisions/0245, 0345, 0365):
// the sender finds the practice suggested on the referral form with its reasons and adds it as a recipient; the
// practice's intake member assigns it to a clinician in the intake inbox; the clinician accepts and later records "first
// session held"; the sender reads "Assigned to ... at ..." and the outcome on the referral, and the insights table changes.
// Members, the practice and its memberships are made through the API; the loop's own steps go through the screens.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, pickOptions, randomWord, secondBrowser, signIn, untilLive, type NewUser } from './support.ts';

// Mantine's combobox re-renders its options while phone emulation types into it; a retry keeps a missed pick from
// failing the run (it is reported as flaky), as in referrals.spec.ts.
test.describe.configure({ retries: Number(process.env.REFERRALS_RETRIES ?? 2) });

// A client whom few others in the run's database match: an adult, perinatal care, online, in Nunavut.
const CONCERN = 'Perinatal and Postpartum';
const REGION = 'NU';
const MATCHING_PROFILE = { demographics: ['Adults'], specialties: [CONCERN], sessionFormat: ['Online'], acceptingClients: 'accepting', licensedRegions: [REGION] };

type Practice = { _id: string; slug: string; name: string };
type Team = { sender: NewUser; intake: NewUser; clinician: NewUser; colleague: NewUser; practice: Practice };

const auth = (user: NewUser) => ({ headers: { 'x-auth-token': user.token } });

/** A practice in Nunavut with two matching clinicians and an intake coordinator, and a sender who belongs to none. */
async function team(request: APIRequestContext): Promise<Team> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const tag = randomWord(3);
  const [sender, owner, intake, clinician, colleague] = await Promise.all(
    ['Loop Sender', 'Loop Owner', 'Loop Intake', 'Dr Loop Clinician', 'Dr Loop Colleague'].map((name) => createVerifiedUser(request, `${name} ${tag}`, admin)),
  );
  for (const user of [clinician, colleague]) {
    const res = await request.put('/api/users/me', { ...auth(user), data: MATCHING_PROFILE });
    expect(res.status(), await res.text()).toBe(200);
  }
  const created = await request.post('/api/practices', { ...auth(owner), data: { name: `Tundra ${tag} Therapy`, locations: [{ city: 'Iqaluit', region: REGION }] } });
  expect(created.status(), await created.text()).toBe(201);
  const practice = await created.json() as Practice;
  for (const [user, role] of [[intake, 'intake'], [clinician, 'clinician'], [colleague, 'clinician']] as const) {
    const invited = await request.post(`/api/practices/${practice._id}/invitations`, { ...auth(owner), data: { userId: user.id, role } });
    expect(invited.status(), await invited.text()).toBe(201);
    const answer = await request.patch(`/api/practices/${practice._id}/invitations/${(await invited.json())._id}`, { ...auth(user), data: { accept: true } });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  return { sender, intake, clinician, colleague, practice };
}

const form = (page: Page) => page.getByRole('form', { name: 'Refer a client' });

async function fillNeeds(page: Page) {
  await form(page).getByRole('combobox', { name: 'Age group' }).selectOption('Adults');
  await form(page).getByRole('combobox', { name: "Client's province or state" }).selectOption(REGION);
  await pickOptions(form(page), 'Concerns', [CONCERN]);
  await form(page).getByRole('checkbox', { name: 'Online' }).check();
}

/** The sender's insights in the table view: the last month's sent and placed, and the "first session held" count. */
async function expectInsights(page: Page, sent: string, placed: string, firstSessions: string) {
  await page.goto('/referrals/insights');
  await expect(page.getByRole('heading', { name: 'Referral insights', level: 1 })).toBeVisible();
  const perMonth = page.getByRole('region', { name: 'Referrals per month' });
  await perMonth.getByText('Table', { exact: true }).click();
  const lastMonth = perMonth.getByRole('table', { name: 'Referrals per month' }).getByRole('row').last();
  await expect(lastMonth.getByRole('cell').nth(1)).toHaveText(sent);
  await expect(lastMonth.getByRole('cell').nth(4)).toHaveText(placed);
  const outcomes = page.getByRole('region', { name: 'Outcomes after the hand-off' });
  await outcomes.getByText('Table', { exact: true }).click();
  await expect(outcomes.getByRole('row', { name: /First session held/ }).getByRole('cell').nth(1)).toHaveText(firstSessions);
}

test('a referral to a suggested practice: intake assigns it, the clinician accepts and records the first session, the sender sees it all', async ({ page, browser, request }, testInfo) => {
  // Four members' screens with six accessibility scans: a busy machine needs more than the default bound.
  test.slow();
  const { sender, intake, clinician, practice } = await team(request);

  // The sender describes the client: the practice is suggested beside the therapists, with why, and is added.
  await signIn(page, sender.email, sender.password);
  await page.goto('/referrals/new');
  // The first screen of a run waits for its code on a busy machine.
  await expect(page.getByRole('heading', { name: 'Refer a client', level: 1 })).toBeVisible({ timeout: 30_000 });
  await fillNeeds(page);
  const suggested = page.getByRole('region', { name: 'Suggested practices' });
  const item = suggested.getByTestId('practice-suggestion').filter({ hasText: practice.name });
  await expect(item).toContainText('2 clinicians match · 2 accepting new clients · Located in NU');
  await untilLive(item.getByRole('checkbox', { name: practice.name }));
  await item.getByRole('checkbox', { name: practice.name }).check();
  await expect(form(page).getByText('0 therapists and 1 practice chosen, of at most 10.')).toBeVisible();
  await expect(form(page).getByText(`To the intake of ${practice.name}`)).toBeVisible();
  await expectAccessible(page);
  await form(page).getByRole('button', { name: 'Send referral' }).click();

  // The referral waits for the practice's intake.
  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  const referralPath = new URL(page.url()).pathname;
  const practices = page.getByRole('region', { name: 'Practices', exact: true });
  await expect(practices).toContainText(`Waiting for ${practice.name}'s intake`);
  await expectInsights(page, '1', '0', '0');

  // The intake coordinator finds it in the practice's inbox and assigns it to a clinician.
  const intakePage = await secondBrowser(browser, testInfo, intake);
  await intakePage.goto(`/practices/${practice.slug}/inbox`);
  await expect(intakePage.getByRole('heading', { name: 'Intake inbox', level: 1 })).toBeVisible();
  const card = intakePage.getByRole('article', { name: `Adults · ${CONCERN} · Online · ${REGION}` });
  await expect(card).toContainText(`From ${sender.name}`);
  await expect(card).toContainText('Unassigned');
  await expectAccessible(intakePage);
  const assignTo = card.getByRole('textbox', { name: 'Assign to' }).or(card.getByRole('combobox', { name: 'Assign to' }));
  await untilLive(assignTo);
  await assignTo.click();
  await intakePage.getByRole('option', { name: clinician.name }).click();
  await card.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(card).toContainText(`Assigned to ${clinician.name}`);
  await expect(card.getByRole('button', { name: 'Assign', exact: true })).toHaveCount(0);
  await expectAccessible(intakePage);
  await intakePage.context().close();

  // The clinician accepts; later they record the first session.
  const clinicianPage = await secondBrowser(browser, testInfo, clinician);
  await clinicianPage.goto(referralPath);
  const accept = clinicianPage.getByRole('button', { name: 'Accept', exact: true });
  await untilLive(accept);
  await accept.click();
  const after = clinicianPage.getByRole('region', { name: 'After the hand-off' });
  await expect(after).toContainText('Hand-off in progress');
  await expectAccessible(clinicianPage);
  await after.getByRole('button', { name: 'First session held' }).click();
  await expect(after.getByTestId('outcome-line')).toContainText('Outcome recorded: First session held');
  await clinicianPage.context().close();

  // The sender reads who took it at which practice, and the outcome; the insights table counts the placement.
  await page.goto(referralPath);
  await expect(practices).toContainText(`Assigned to ${clinician.name} at ${practice.name}`);
  await expect(page.getByRole('region', { name: 'After the hand-off' }).getByTestId('outcome-line')).toContainText(`${clinician.name}: First session held`);
  await expectAccessible(page);
  await expectInsights(page, '1', '1', '1');
  await expectAccessible(page);
});

test('"Refer to this practice" opens the form with the practice chosen; it stays chosen once the needs suggest it', async ({ page, request }) => {
  test.slow();
  const { sender, practice } = await team(request);
  await signIn(page, sender.email, sender.password);
  await page.goto(`/practices/${practice.slug}`);
  const refer = page.getByRole('link', { name: 'Refer to this practice' });
  await refer.click();
  await expect(page).toHaveURL(new RegExp(`/referrals/new\\?practice=${practice._id}$`));
  const suggested = page.getByRole('region', { name: 'Suggested practices' });
  await expect(suggested.getByRole('checkbox', { name: practice.name })).toBeChecked();
  await expect(suggested).toContainText('Chosen from its page');
  await expect(form(page).getByText(`To the intake of ${practice.name}`)).toBeVisible();
  await fillNeeds(page);
  const item = suggested.getByTestId('practice-suggestion').filter({ hasText: practice.name });
  await expect(item.getByRole('checkbox', { name: practice.name })).toBeChecked();
  await expect(suggested).not.toContainText('Chosen from its page');
  await expectAccessible(page);
  // Taken off the recipients, the practice no longer counts.
  await item.getByRole('checkbox', { name: practice.name }).uncheck();
  await expect(form(page).getByText('No therapist chosen yet.')).toBeVisible();
  await expect(form(page).getByText(`To the intake of ${practice.name}`)).toHaveCount(0);
});
