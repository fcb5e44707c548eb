// Consultation groups at both widths, with axe: a facilitator creates a group on /groups/new (its first meeting three
// weeks back, so one has already happened), invites two members who accept (one on /groups, one through the API),
// presents a de-identified case, records attendance, and a member downloads the hours PDF.
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createVerifiedUser, expectAccessible, randomWord, secondBrowser, signIn, type NewUser } from './support.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function invite(request: APIRequestContext, facilitatorToken: string, groupId: string, member: NewUser): Promise<string> {
  const res = await request.post(`/api/groups/${groupId}/invitations`, { headers: { 'x-auth-token': facilitatorToken }, data: { userId: member.id } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json())._id;
}

test('a facilitator runs a group from creation to attendance, and a member downloads the hours PDF', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(180_000);
  const tag = randomWord();
  const [fac, amara, ben] = [
    await createVerifiedUser(request, `Facilitator ${tag}`), await createVerifiedUser(request, `Amara ${tag}`), await createVerifiedUser(request, `Ben ${tag}`),
  ];
  const facToken = await signIn(page, fac.email, fac.password);

  await page.goto('/groups');
  await expect(page.getByRole('heading', { name: 'Consultation groups' })).toBeVisible();
  await expect(page.getByText('You are not in a consultation group yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'New group' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(`Trauma peers ${tag}`);
  const zone = page.getByRole('textbox', { name: 'Time zone' }).or(page.getByRole('combobox', { name: 'Time zone' }));
  await zone.click();
  await zone.fill('America/Toronto');
  await page.getByRole('option', { name: /\(America\/Toronto\)$/ }).click();
  await page.getByLabel('First meeting on or after').fill(daysAgo(21));
  await page.getByRole('textbox', { name: 'Meeting link' }).fill('https://meet.example.com/trauma');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { name: `Trauma peers ${tag}` })).toBeVisible();
  const groupId = page.url().split('/groups/')[1];

  // Two invitations; Amara accepts on /groups, Ben through the API.
  await invite(request, facToken, groupId, amara);
  const benInvitation = await invite(request, facToken, groupId, ben);
  const amaraPage = await secondBrowser(browser, testInfo, amara);
  await amaraPage.goto('/groups');
  await amaraPage.getByRole('button', { name: 'Accept' }).click();
  await expect(amaraPage.getByRole('link', { name: `Trauma peers ${tag}` })).toBeVisible();
  const accepted = await request.patch(`/api/groups/${groupId}/invitations/${benInvitation}`, { headers: { 'x-auth-token': ben.token }, data: { accept: true } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The facilitator sees the roster and presents a case (letters only: a digit run reads as a phone number).
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('link', { name: `Amara ${tag}` })).toBeVisible();
  await expect(members.getByRole('link', { name: `Ben ${tag}` })).toBeVisible();
  const cases = page.getByRole('region', { name: 'Cases' });
  await cases.getByRole('textbox', { name: 'Presenting concern' }).fill(`Panic at work ${tag}`);
  await cases.getByRole('textbox', { name: 'Context' }).fill('Several sessions of exposure work so far, some progress.');
  await cases.getByRole('textbox', { name: 'Question for the group' }).fill('How would you pace the next steps?');
  await cases.getByLabel('Age group').click();
  await page.getByRole('option', { name: 'Adults', exact: true }).click();
  await cases.getByRole('button', { name: 'Post case' }).click();
  await expect(cases.getByRole('article', { name: `Case: Panic at work ${tag}` })).toBeVisible();
  await expectAccessible(page);

  // Attendance of the meeting that has happened.
  const attendance = page.getByRole('region', { name: 'Attendance' });
  await attendance.getByRole('checkbox', { name: `Amara ${tag}` }).check();
  await attendance.getByRole('button', { name: 'Save attendance' }).click();
  await expect(attendance.getByRole('status')).toHaveText('Attendance saved.');

  // Amara's hours: one meeting, and the PDF.
  await amaraPage.goto('/groups');
  const hours = amaraPage.getByRole('region', { name: 'Consultation hours this year' });
  await expect(hours).toContainText('1.5 hours over 1 meeting');
  await expectAccessible(amaraPage);
  const [download] = await Promise.all([amaraPage.waitForEvent('download'), hours.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('consultation-hours.pdf');
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  await amaraPage.context().close();
});
