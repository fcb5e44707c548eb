// The installable app: its manifest, the service worker's install, the offline shell with the lists this device kept,
// the chat outbox that sends a message typed offline once the connection returns, and the calm update prompt.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 420_000 });
import { E2E_DIR } from './env.ts';
import { createVerifiedUser, expectAccessible, say, screenshot, signIn, startConversation, withLock } from './support.ts';

test.use({ serviceWorkers: 'allow' });

const SW_FILE = path.join(E2E_DIR, 'web', 'sw.js');

/** Waits until a service worker is active and controls this page. */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return Boolean(reg?.active?.state === 'activated' && navigator.serviceWorker.controller);
  }), { timeout: 60_000 }).toBe(true);
}

// Every test here holds the lock: the update test changes the worker's file, which any page here would install.
const ONE_AT_A_TIME = 'service-worker-file';
const LOCK_WAIT_MS = 300_000;

test('the manifest is valid and the service worker installs, keeping the app shell', async ({ page, request }) => withLock(ONE_AT_A_TIME, async () => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Thera Root', short_name: 'Thera Root', display: 'standalone', start_url: '/dashboard', theme_color: '#0b5f57' });
  const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toMatch(/^image\//);
  }
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => `${s.name} ${s.url}`)).toEqual(['Chat /chat', 'Referrals /referrals']);

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await controlled(page);
  const kept = () => page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  await expect.poll(kept, { timeout: 30_000 }).toContain('/index.html');
  const urls = await kept();
  expect(urls.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(urls.some((u) => u.startsWith('/api/'))).toBe(false);
  await expectAccessible(page);
}, LOCK_WAIT_MS));

test('offline: the shell opens with the notice and the kept chat list; a message typed offline is sent once when back', async ({ page, request, context, isMobile }) => withLock(ONE_AT_A_TIME, async () => {
  const me = await createVerifiedUser(request, `Offline Reader ${Date.now().toString(36)}`);
  const other = await createVerifiedUser(request, `Offline Peer ${Date.now().toString(36)}`);
  const conversationId = await startConversation(request, other, me);
  await say(other, conversationId, 'Are you free on Thursday?');

  await signIn(page, me.email, me.password);
  await page.goto('/chat');
  await controlled(page);
  // Again, now through the worker: the list and the conversation's newest page are kept for offline reading.
  await page.reload();
  const row = page.getByTestId('conversation-row').filter({ hasText: other.name });
  await row.click();
  await expect(page.getByTestId('message').filter({ hasText: 'Are you free on Thursday?' })).toBeVisible();
  await page.goto('/chat');
  await expect(row).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(row).toBeVisible();
  await screenshot(page, 'offline-chat-list');
  await expectAccessible(page);
  await row.click();
  await expect(page.getByTestId('message').filter({ hasText: 'Are you free on Thursday?' })).toBeVisible();

  const text = `Yes, Thursday works ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Waiting for connection')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Waiting for connection')).toBeHidden({ timeout: 30_000 });
  await expect(async () => {
    const res = await request.get(`/api/conversations/${conversationId}/messages`, { headers: { 'x-auth-token': other.token } });
    const sent = (await res.json() as { text: string }[]).filter((m) => m.text === text);
    expect(sent).toHaveLength(1);
  }).toPass({ timeout: 20_000 });
  await page.waitForTimeout(1000);
  const res = await request.get(`/api/conversations/${conversationId}/messages`, { headers: { 'x-auth-token': other.token } });
  expect((await res.json() as { text: string }[]).filter((m) => m.text === text)).toHaveLength(1);

  // Signing out empties what this device kept of the member's lists.
  const memberEntries = () => page.evaluate(async () => (await caches.has('thera-member-lists')) ? (await (await caches.open('thera-member-lists')).keys()).length : 0);
  expect(await memberEntries()).toBeGreaterThan(0);
  if (isMobile) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Side' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await memberEntries()).toBe(0);
}, LOCK_WAIT_MS));

test('a waiting new version is offered calmly, and never reloads over a half-written message', async ({ page, request }) => {
  const me = await createVerifiedUser(request, `Update Reader ${Date.now().toString(36)}`);
  const other = await createVerifiedUser(request, `Update Peer ${Date.now().toString(36)}`);
  const conversationId = await startConversation(request, other, me);
  await signIn(page, me.email, me.password);
  await page.goto(`/chat/${conversationId}`);
  await withLock(ONE_AT_A_TIME, async () => {
    await controlled(page);
    const original = fs.readFileSync(SW_FILE, 'utf8');
    try {
      // A new build: the same worker with one byte more, which the browser installs beside the running one.
      fs.writeFileSync(SW_FILE, `${original}\n// next version ${Date.now()}\n`);
      for (const suffix of ['.br', '.gz']) fs.rmSync(`${SW_FILE}${suffix}`, { force: true });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await screenshot(page, 'update-prompt');
      await expectAccessible(page);

      await page.getByRole('textbox', { name: 'Message' }).fill('Half a thought');
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByText('Send or clear what you are writing first, then reload.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Half a thought');

      await page.getByRole('textbox', { name: 'Message' }).fill('');
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByRole('status').filter({ hasText: 'A new version is ready.' })).toBeHidden();
    } finally {
      fs.writeFileSync(SW_FILE, original);
    }
  }, LOCK_WAIT_MS);
});
