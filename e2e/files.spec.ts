// Files in chat: Ann attaches an image and a PDF (progress, previews), sends them; Ben sees the thumbnail and
// the file card, moves through the conversation's images in the viewer (arrow keys, Escape) and downloads the PDF.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { createVerifiedUser, expectAccessible, screenshot, secondBrowser, signIn, startConversation, type NewUser } from './support.ts';

// A page's socket connects after its scripts and may be refused once and retried (web/lib/socket.ts).
const SOCKET_WAIT_MS = 25_000;

const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } }).png().toBuffer();

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Release of information');
  doc.addPage([595, 842]).drawText('Signatures');
  return Buffer.from(await doc.save());
}

/** `from` sends an image in the conversation through the API (upload, then the REST twin of sendMessage). */
async function sendImage(request: APIRequestContext, from: NewUser, conversationId: string, name: string) {
  const headers = { 'x-auth-token': from.token };
  const up = await request.post('/api/files', { headers, multipart: { file: { name, mimeType: 'image/png', buffer: await picture(200, 120, 40) } } });
  expect(up.status(), await up.text()).toBe(201);
  const sent = await request.post(`/api/conversations/${conversationId}/messages`, { headers, data: { attachmentIds: [(await up.json())._id] } });
  expect(sent.status(), await sent.text()).toBe(201);
}

const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });

test('attach an image and a PDF; the other member views the images and downloads the PDF', async ({ page, browser, request }, testInfo) => {
  const [ann, ben] = await Promise.all([createVerifiedUser(request), createVerifiedUser(request)]);
  const conversationId = await startConversation(request, ann, ben);
  await sendImage(request, ann, conversationId, 'earlier-photo.png');

  await signIn(page, ann.email, ann.password);
  await page.goto(`/chat/${conversationId}`);
  await expect(page.getByRole('heading', { name: ben.name })).toBeVisible();
  await expect(messages(page).getByRole('button', { name: 'Open image earlier-photo.png' })).toBeVisible();

  // The uploads are held until their progress bars have been seen (on loopback they would finish at once).
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/files', async (route) => {
    await gate;
    await route.continue();
  });
  await page.locator('input[type=file]').first().setInputFiles([
    { name: 'session-photo.png', mimeType: 'image/png', buffer: await picture(30, 110, 160) },
    { name: 'release-form.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() },
  ]);
  const toSend = page.getByRole('list', { name: 'Files to send' });
  await expect(toSend.getByRole('progressbar', { name: 'Uploading session-photo.png' })).toBeVisible();
  await expect(toSend.getByRole('progressbar', { name: 'Uploading release-form.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel upload of release-form.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  release();
  // Previews: the picture drawn in the browser, the PDF by its name; each can still be taken off.
  await expect(toSend.getByTestId('upload').and(page.locator('[data-status="done"]'))).toHaveCount(2);
  await expect(toSend.getByTestId('upload').first().locator('img')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove release-form.pdf' })).toBeVisible();
  await screenshot(page, 'files-composer');
  await expectAccessible(page);
  await page.unroute('**/api/files');

  await page.getByRole('textbox', { name: 'Message' }).fill('The form and a photo of the whiteboard');
  await page.getByRole('button', { name: 'Send message' }).click();
  const sent = messages(page).getByTestId('message').filter({ hasText: 'The form and a photo' });
  await expect(sent.getByRole('button', { name: 'Open image session-photo.png' })).toBeVisible({ timeout: SOCKET_WAIT_MS });
  await expect(sent.getByTestId('file-card')).toContainText('release-form.pdf');
  await expect(toSend).toHaveCount(0);

  // Ben sees the thumbnail (its box reserved from the stored size) and the card with the page count.
  const benPage = await secondBrowser(browser, testInfo, ben);
  await benPage.goto(`/chat/${conversationId}`);
  const received = messages(benPage).getByTestId('message').filter({ hasText: 'The form and a photo' });
  const thumb = received.getByRole('button', { name: 'Open image session-photo.png' });
  // The thumbnail is fetched with the member's token after the page's messages: a busy machine can take a while.
  await expect(thumb.locator('img')).toHaveAttribute('width', '240', { timeout: SOCKET_WAIT_MS });
  await expect(thumb.locator('img')).toHaveAttribute('height', '180');
  await expect(received.getByTestId('file-card')).toContainText('PDF');
  await expect(received.getByTestId('file-card')).toContainText('2 pages');
  await screenshot(benPage, 'files-received');
  await expectAccessible(benPage);

  // The viewer: the newest image, the arrow keys move to the earlier one and back, Escape closes, focus returns.
  await thumb.click();
  const viewer = benPage.getByRole('dialog');
  await expect(viewer.getByTestId('viewer-image')).toHaveAttribute('alt', 'session-photo.png');
  await expect(viewer.getByText('2 of 2')).toBeVisible();
  await expectAccessible(benPage);
  await benPage.keyboard.press('ArrowLeft');
  await expect(viewer.getByTestId('viewer-image')).toHaveAttribute('alt', 'earlier-photo.png');
  await expect(viewer.getByText('1 of 2')).toBeVisible();
  await benPage.keyboard.press('ArrowRight');
  await expect(viewer.getByText('2 of 2')).toBeVisible();
  await benPage.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumb).toBeFocused();

  // The PDF downloads with its name and its bytes.
  const [download] = await Promise.all([
    benPage.waitForEvent('download'),
    received.getByRole('button', { name: 'Download release-form.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('release-form.pdf');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  // The conversation's Files panel lists all three.
  await benPage.getByRole('button', { name: 'Files in conversation' }).click();
  const panel = benPage.getByRole('list', { name: 'Files shared in this conversation' });
  await expect(panel.getByTestId('shared-file')).toHaveCount(3);
  await expectAccessible(benPage);
  await benPage.context().close();

  // Ann's storage counts what she uploaded.
  await page.goto('/settings/privacy');
  await expect(page.getByTestId('storage-use')).toHaveText(/^Storage: [\d.]+ (KB|MB) of 1 GB$/);
});
