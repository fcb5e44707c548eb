// The loop after a referral's hand-off, at both widths with axe: the recipient accepts, the page shows "Hand-off in
// progress", the recipient records "first session held", the sender sees the outcome (and the referral placed), and the
// sender's insights chart and its table view change.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, randomWord, secondBrowser, signIn, type NewUser } from './support.ts';

async function members(request: APIRequestContext, ...names: string[]): Promise<NewUser[]> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const id = randomWord(3);
  return Promise.all(names.map((name) => createVerifiedUser(request, `${name} ${id}`, admin)));
}

const needs = { ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', note: '' };

test('a recipient accepts and records "first session held"; the sender sees the outcome and the insights change', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const [ann, ben] = await members(request, 'Outcome Sender', 'Outcome Taker');
  const sent = await request.post('/api/referrals', { headers: { 'x-auth-token': ann.token }, data: { ...needs, recipientIds: [ben.id] } });
  expect(sent.status(), await sent.text()).toBe(201);
  const referral = await sent.json();

  // The sender's insights before: one sent this month, none placed; the table view says so to a screen reader.
  await signIn(page, ann.email, ann.password);
  await page.goto('/referrals/insights');
  await expect(page.getByRole('heading', { name: 'Referral insights', level: 1 })).toBeVisible();
  await expect(page.getByTestId('total-sent')).toHaveText('1');
  await expect(page.getByTestId('total-placed')).toHaveText('0');
  const perMonth = page.getByRole('region', { name: 'Referrals per month' });
  await perMonth.getByText('Table', { exact: true }).click();
  const table = perMonth.getByRole('table', { name: 'Referrals per month' });
  const lastRow = table.getByRole('row').last();
  await expect(lastRow.getByRole('cell').nth(1)).toHaveText('1');
  await expect(lastRow.getByRole('cell').nth(4)).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Download CSV' }).first()).toBeVisible();
  await expectAccessible(page);

  // The recipient accepts: the hand-off is in progress, and the outcome is theirs to record.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(`/referrals/${referral._id}`);
  await benPage.getByRole('button', { name: 'Accept', exact: true }).click();
  const after = benPage.getByRole('region', { name: 'After the hand-off' });
  await expect(after).toContainText('Hand-off in progress');
  await expectAccessible(benPage);
  await after.getByRole('button', { name: 'First session held' }).click();
  await expect(after.getByTestId('outcome-line')).toContainText('Outcome recorded: First session held');
  await expect(after.getByRole('button', { name: 'First session held' })).toHaveCount(0);
  await benPage.context().close();

  // The sender sees it on the referral, now placed.
  await page.goto(`/referrals/${referral._id}`);
  await expect(page.getByRole('region', { name: 'After the hand-off' }).getByTestId('outcome-line')).toContainText(`${ben.name}: First session held`);
  await expect(page.getByText('The client has been placed.')).toBeVisible();
  await expectAccessible(page);

  // And the insights changed: placed, the outcome counted, Ben among the colleagues referred to.
  await page.goto('/referrals/insights');
  await expect(page.getByTestId('total-placed')).toHaveText('1');
  const outcomes = page.getByRole('region', { name: 'Outcomes after the hand-off' });
  await outcomes.getByText('Table', { exact: true }).click();
  await expect(outcomes.getByRole('row', { name: /First session held/ }).getByRole('cell').nth(1)).toHaveText('1');
  await page.getByRole('region', { name: 'Referrals per month' }).getByText('Table', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Referrals per month' }).getByRole('row').last().getByRole('cell').nth(4)).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Colleagues I refer to most' }).getByRole('link', { name: ben.name })).toHaveAttribute('href', `/profile/${ben.id}`);
  await expectAccessible(page);
});
