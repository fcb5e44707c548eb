// A consultation case's Documents, at both widths with axe: Ann, a member of the group, uploads a
// scoring sheet (a PDF) on the case; Ben, another member, sees it on the case and downloads it; Cy, who is not in the
// group, reads neither the list nor the file. And files on a comment: Ann attaches a handout and a picture to her
// comment with the paperclip; Ben sees them on the comment, downloads the handout and opens the picture.
import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { createVerifiedUser, expectAccessible, randomWord, screenshot, secondBrowser, signIn, untilLive, type NewUser } from './support.ts';

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

/** A private group of Ann's that Ben joined, and a case Ann presents to it. */
async function groupWithCase(request: APIRequestContext, ann: NewUser, ben: NewUser, tag: string) {
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
  return { group, concern, made };
}

test('a member attaches a PDF to a case; another member of the group downloads it; a non-member cannot', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const tag = randomWord();
  const [ann, ben, cy] = [
    await createVerifiedUser(request, `Case Docs Ann ${tag}`), await createVerifiedUser(request, `Case Docs Ben ${tag}`),
    await createVerifiedUser(request, `Case Docs Cy ${tag}`),
  ];
  const { group, concern, made } = await groupWithCase(request, ann, ben, tag);

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

test('a member attaches files to a comment; another member of the group downloads one and opens the other', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const tag = randomWord();
  const [ann, ben, cy] = [
    await createVerifiedUser(request, `Comment Files Ann ${tag}`), await createVerifiedUser(request, `Comment Files Ben ${tag}`),
    await createVerifiedUser(request, `Comment Files Cy ${tag}`),
  ];
  const { group, concern } = await groupWithCase(request, ann, ben, tag);
  const handout = Buffer.from(`Sleep hygiene handout ${tag}\n`);
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 60, g: 140, b: 90 } } }).jpeg().toBuffer();

  await signIn(page, ann.email, ann.password);
  await page.goto(`/groups/${group._id}`);
  const card = page.getByRole('article', { name: `Case: ${concern}` });
  const attach = card.getByRole('button', { name: 'Attach files to the comment' });
  await expect(attach).toBeVisible({ timeout: 20_000 });
  await untilLive(attach);
  await card.getByRole('textbox', { name: 'Comment' }).fill('This handout and the diary page helped my clients.');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), attach.click()]);
  await chooser.setFiles([
    { name: 'sleep-handout.txt', mimeType: 'text/plain', buffer: handout },
    { name: 'diary-page.jpg', mimeType: 'image/jpeg', buffer: picture },
  ]);
  // The same upload list as the chat's composer: each file with its progress, then done.
  const uploads = card.getByRole('list', { name: 'Files to send' }).getByTestId('upload');
  await expect(uploads).toHaveCount(2);
  await expect(uploads.and(page.locator('[data-status="done"]'))).toHaveCount(2, { timeout: 20_000 });
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  const comment = card.getByTestId('case-comment').filter({ hasText: 'This handout and the diary page' });
  await expect(comment.getByTestId('file-card')).toContainText('sleep-handout.txt', { timeout: 20_000 });
  await expect(comment.getByRole('button', { name: 'Open image diary-page.jpg' })).toBeVisible();
  await expect(card.getByTestId('upload')).toHaveCount(0);
  // The comment's files are among the case's documents too.
  await expect(card.getByRole('region', { name: 'Documents' }).getByTestId('file-card')).toHaveCount(2);
  await screenshot(page, 'case-comment-files');
  await expectAccessible(page);

  // Ben, another member, downloads the handout from the comment and opens the picture.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(`/groups/${group._id}`);
  const benComment = benPage.getByRole('article', { name: `Case: ${concern}` }).getByTestId('case-comment').filter({ hasText: 'This handout and the diary page' });
  const download = benComment.getByRole('button', { name: 'Download sleep-handout.txt' });
  await expect(download).toBeVisible({ timeout: 20_000 });
  await untilLive(download);
  const [saved] = await Promise.all([benPage.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toBe('sleep-handout.txt');
  expect(await fs.readFile((await saved.path())!)).toEqual(handout);
  const thumbnail = benComment.getByRole('button', { name: 'Open image diary-page.jpg' });
  await expect(thumbnail.locator('img')).toBeVisible();
  await thumbnail.click();
  await expect(benPage.getByRole('dialog').locator('img')).toBeVisible({ timeout: 20_000 });
  await expectAccessible(benPage);
  await benPage.keyboard.press('Escape');
  await benPage.context().close();

  // Cy, not in the group, reads neither file nor the picture's thumbnail.
  const [sent] = (await (await request.get(`/api/groups/${group._id}`, { headers: auth(ann) })).json()).cases[0].comments;
  expect(sent.attachments).toHaveLength(2);
  expect(sent.attachments.map((f: { name: string }) => f.name)).toEqual(['sleep-handout.txt', 'diary-page.jpg']);
  for (const file of sent.attachments as { _id: string; name: string }[]) {
    expect((await request.get(`/api/files/${file._id}`, { headers: auth(cy) })).status()).toBe(404);
    expect((await request.get(`/api/files/${file._id}/thumbnail`, { headers: auth(ben) })).status()).toBe(file.name === 'diary-page.jpg' ? 200 : 404);
    expect((await request.get(`/api/files/${file._id}/thumbnail`, { headers: auth(cy) })).status()).toBe(404);
  }
});
