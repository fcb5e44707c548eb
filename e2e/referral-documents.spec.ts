// A referral's Documents, at both widths with axe: once Ben accepted, Ann uploads a release form on the
// referral's page; Ben sees it there and opens it; Cy, the other recipient, who did not accept, reads neither the list
// nor the file.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, randomWord, screenshot, secondBrowser, signIn, type NewUser } from './support.ts';

async function members(request: APIRequestContext, ...names: string[]): Promise<NewUser[]> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const id = randomWord(3);
  return Promise.all(names.map((name) => createVerifiedUser(request, `${name} ${id}`, admin)));
}

const needs = { ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', note: '' };

async function releaseForm(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Release of information');
  return Buffer.from(await doc.save());
}

test('the sender attaches a document to an accepted referral; the recipient sees and opens it; others cannot', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const [ann, ben, cy] = await members(request, 'Documents Sender', 'Documents Taker', 'Documents Bystander');
  const sent = await request.post('/api/referrals', { headers: { 'x-auth-token': ann.token }, data: { ...needs, recipientIds: [ben.id, cy.id] } });
  expect(sent.status(), await sent.text()).toBe(201);
  const referral = await sent.json();
  const accepted = await request.patch(`/api/referrals/${referral._id}`, { headers: { 'x-auth-token': ben.token }, data: { response: 'accepted' } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await signIn(page, ann.email, ann.password);
  await page.goto(`/referrals/${referral._id}`);
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('No documents yet.')).toBeVisible();
  await documents.locator('input[type=file]').setInputFiles({ name: 'release-form.pdf', mimeType: 'application/pdf', buffer: await releaseForm() });
  const listed = documents.getByRole('list', { name: 'Documents' }).getByTestId('file-card');
  await expect(listed).toHaveCount(1, { timeout: 20_000 });
  await expect(listed).toContainText('release-form.pdf');
  await expect(listed).toContainText('1 page');
  await expect(documents.getByText('No documents yet.')).toHaveCount(0);
  await screenshot(page, 'referral-documents');
  await expectAccessible(page);

  // Ben, who accepted, sees it on the referral and opens it in a new tab.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(`/referrals/${referral._id}`);
  const benDocs = benPage.getByRole('region', { name: 'Documents' });
  const card = benDocs.getByTestId('file-card').filter({ hasText: 'release-form.pdf' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expectAccessible(benPage);
  const [tab] = await Promise.all([
    benPage.context().waitForEvent('page'),
    card.getByRole('button', { name: 'Open release-form.pdf in a new tab' }).click(),
  ]);
  await expect.poll(() => tab.url(), { timeout: 20_000 }).not.toBe('about:blank');
  const [download] = await Promise.all([benPage.waitForEvent('download'), card.getByRole('button', { name: 'Download release-form.pdf' }).click()]);
  expect(download.suggestedFilename()).toBe('release-form.pdf');
  await benPage.context().close();

  // Cy was asked too but did not accept: neither the list nor the file, and no section on the page.
  const { files } = await (await request.get(`/api/referrals/${referral._id}/files`, { headers: { 'x-auth-token': ann.token } })).json();
  expect((await request.get(`/api/referrals/${referral._id}/files`, { headers: { 'x-auth-token': cy.token } })).status()).toBe(404);
  expect((await request.get(`/api/files/${files[0]._id}`, { headers: { 'x-auth-token': cy.token } })).status()).toBe(404);
  const cyPage = await secondBrowser(browser, testInfo, cy);
  await cyPage.goto(`/referrals/${referral._id}`);
  await expect(cyPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(cyPage.getByRole('region', { name: 'Documents' })).toHaveCount(0);
  await cyPage.context().close();
});
