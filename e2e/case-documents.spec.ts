// A consultation case's Documents (issues 33 and 34), at both widths with axe: Ann, a member of the group, uploads a
// scoring sheet (a PDF) on the case; Ben, another member, sees it on the case and downloads it; Cy, who is not in the
// group, reads neither the list nor the file.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { createVerifiedUser, expectAccessible, randomWord, screenshot, secondBrowser, signIn, type NewUser } from './support.ts';

const auth = (user: NewUser) => ({ 'x-auth-token': user.token });

async function post(request: APIRequestContext, user: NewUser, url: string, data: object): Promise<{ _id: string }> {
  const res = await request.post(url, { headers: auth(user), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function scoringSheet(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Sleep diary scoring sheet');
  return Buffer.from(await doc.save());
}

test('a member attaches a PDF to a case; another member of the group downloads it; a non-member cannot', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const tag = randomWord();
  const [ann, ben, cy] = [
    await createVerifiedUser(request, `Case Docs Ann ${tag}`), await createVerifiedUser(request, `Case Docs Ben ${tag}`),
    await createVerifiedUser(request, `Case Docs Cy ${tag}`),
  ];
  const group = await post(request, ann, '/api/groups', {
    name: `Sleep peers ${tag}`, description: 'Peers who work with sleep problems.', visibility: 'private', maxMembers: 6,
    focus: { specialties: [], modalities: [] },
    schedule: { frequency: 'weekly', weekday: 'Tuesday', time: '19:00', timeZone: 'America/Toronto', durationMinutes: 60, startsOn: '2026-09-01' },
    meetingLink: 'https://meet.example.com/sleep',
  });
  const invitation = await post(request, ann, `/api/groups/${group._id}/invitations`, { userId: ben.id });
  const accepted = await request.patch(`/api/groups/${group._id}/invitations/${invitation._id}`, { headers: auth(ben), data: { accept: true } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const concern = `Sleep problems after a move ${tag}`;
  const made = await post(request, ann, `/api/groups/${group._id}/cases`, {
    presentingConcern: concern, ageGroup: 'Adults', context: 'Several sessions so far, some progress.', question: 'Which sleep diary would you use?',
  });

  await signIn(page, ann.email, ann.password);
  await page.goto(`/groups/${group._id}`);
  const documents = page.getByRole('article', { name: `Case: ${concern}` }).getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('No documents yet.')).toBeVisible({ timeout: 20_000 });
  await documents.locator('input[type=file]').setInputFiles({ name: 'scoring-sheet.pdf', mimeType: 'application/pdf', buffer: await scoringSheet() });
  const listed = documents.getByRole('list', { name: 'Documents' }).getByTestId('file-card');
  await expect(listed).toHaveCount(1, { timeout: 20_000 });
  await expect(listed).toContainText('scoring-sheet.pdf');
  await expect(listed).toContainText('1 page');
  await expect(documents.getByText('No documents yet.')).toHaveCount(0);
  await screenshot(page, 'case-documents');
  await expectAccessible(page);

  // Ben, another member, sees it on the case and downloads it.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(`/groups/${group._id}`);
  const benDocs = benPage.getByRole('article', { name: `Case: ${concern}` }).getByRole('region', { name: 'Documents' });
  const card = benDocs.getByTestId('file-card').filter({ hasText: 'scoring-sheet.pdf' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expectAccessible(benPage);
  const [download] = await Promise.all([benPage.waitForEvent('download'), card.getByRole('button', { name: 'Download scoring-sheet.pdf' }).click()]);
  expect(download.suggestedFilename()).toBe('scoring-sheet.pdf');
  await benPage.context().close();

  // Cy is not in the (private) group: neither the list nor the file.
  const { files } = await (await request.get(`/api/groups/${group._id}/cases/${made._id}/files`, { headers: auth(ann) })).json();
  expect(files).toHaveLength(1);
  expect((await request.get(`/api/groups/${group._id}/cases/${made._id}/files`, { headers: auth(cy) })).status()).toBe(404);
  expect((await request.get(`/api/files/${files[0]._id}`, { headers: auth(cy) })).status()).toBe(404);
});
