// The durable chat outbox (web/lib/outbox.ts, docs/decisions/0300): a message written offline is kept on the device,
// still there after a reload while offline, and sent once when the connection returns.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, randomWord, say, screenshot, signIn, startConversation, withLock } from './support.ts';

test.describe.configure({ timeout: 420_000 });
// The app shell must open offline after the reload: the service worker serves it.
test.use({ serviceWorkers: 'allow' });

// e2e/installable.spec.ts changes the worker's file in one test: no page here may install that version meanwhile.
const ONE_AT_A_TIME = 'service-worker-file';
const LOCK_WAIT_MS = 300_000;

async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return Boolean(reg?.active?.state === 'activated' && navigator.serviceWorker.controller);
  }), { timeout: 60_000 }).toBe(true);
}

test('a message written offline waits through a reload and arrives once when the connection returns', async ({ page, request, context }) => withLock(ONE_AT_A_TIME, async () => {
  const tag = randomWord();
  const me = await createVerifiedUser(request, `Outbox Writer ${tag}`);
  const other = await createVerifiedUser(request, `Outbox Reader ${tag}`);
  const conversationId = await startConversation(request, other, me);
  await say(other, conversationId, 'Could we speak about a referral?');

  await signIn(page, me.email, me.password);
  await page.goto(`/chat/${conversationId}`);
  await controlled(page);
  // Again, now through the worker, which keeps the conversation's newest page for reading offline.
  await page.reload();
  await expect(page.getByTestId('message').filter({ hasText: 'Could we speak about a referral?' })).toBeVisible();

  await context.setOffline(true);
  const text = `Yes, this afternoon suits me ${tag}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  const waiting = page.locator('[data-pending]').filter({ hasText: text });
  await expect(waiting).toContainText('Waiting for connection');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // The page goes away (a reload, offline): the message is still waiting on this device.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(waiting).toContainText('Waiting for connection', { timeout: 30_000 });
  await screenshot(page, 'outbox-waiting');
  await expectAccessible(page);

  await context.setOffline(false);
  await expect(waiting).toBeHidden({ timeout: 45_000 });
  await expect(page.getByTestId('message').filter({ hasText: text })).toHaveCount(1);
  const sent = async () => {
    const res = await request.get(`/api/conversations/${conversationId}/messages`, { headers: { 'x-auth-token': other.token } });
    return (await res.json() as { text: string }[]).filter((m) => m.text === text).length;
  };
  await expect.poll(sent, { timeout: 20_000 }).toBe(1);
  // Nothing goes a second time: not after another reload, not from what the device kept.
  await page.reload();
  await expect(page.getByTestId('message').filter({ hasText: text })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[data-pending]')).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(await sent()).toBe(1);
  expect(await page.evaluate(() => new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('thera-outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('messages')) return resolve(0);
      const count = db.transaction('messages').objectStore('messages').count();
      count.onsuccess = () => resolve(count.result);
    };
  }))).toBe(0);
}, LOCK_WAIT_MS));
