// /settings/notifications, "Notifications on this device" (web/features/settings/PushDevices.tsx, web/lib/push.ts):
// the browser's permission is asked only on the click; with it granted, the page subscribes with the server's VAPID
// key and the server stores the device, listed as this device and removable.
//
// What headless Chromium here cannot do: reach a real push service. Chromium's PushManager.subscribe() registers with
// Google's push service (FCM), which this machine cannot reach, so the test gives the page a subscription as Chromium
// would hand it (an FCM endpoint, real P-256 and auth keys) and checks everything from that call on: the request the
// page makes, the device the server stores, the list, removal. Sending a push to that device, and its arrival, are
// tested on the server against a push service on loopback that verifies VAPID and decrypts the payload
// (server/test/push-service.ts); showing the notification and a tap on it need a real browser and push service.
import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, randomWord, screenshot, signIn, untilLive, withLock } from './support.ts';

test.describe.configure({ timeout: 480_000 });
test.use({ serviceWorkers: 'allow' });

// e2e/installable.spec.ts changes the worker's file in one test: no page here may install that version meanwhile.
const ONE_AT_A_TIME = 'service-worker-file';
const LOCK_WAIT_MS = 240_000;

type Device = { _id: string; deviceName: string };

/** PushManager.subscribe() answers with this subscription (what Chromium would get from FCM), recording its key. */
async function subscribeAnswers(page: Page, endpoint: string) {
  const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  await page.addInitScript(({ endpoint, keys }) => {
    const w = window as unknown as { subscribeCalls: { userVisibleOnly: boolean; keyBytes: number }[] };
    w.subscribeCalls = [];
    const subscription = { endpoint, expirationTime: null, toJSON: () => ({ endpoint, expirationTime: null, keys }), unsubscribe: async () => true };
    PushManager.prototype.getSubscription = async function () {
      return w.subscribeCalls.length ? subscription as unknown as PushSubscription : null;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      w.subscribeCalls.push({ userVisibleOnly: Boolean(options?.userVisibleOnly), keyBytes: key instanceof Uint8Array ? key.length : -1 });
      return subscription as unknown as PushSubscription;
    };
  }, { endpoint, keys });
}

const devices = async (page: Page, token: string) =>
  (await (await page.request.get('/api/users/me/push-subscriptions', { headers: { 'x-auth-token': token } })).json() as { devices: Device[] }).devices;

test('turning on notifications asks only on the click, and the server keeps this device until it is removed', async ({ page, context, request }) => withLock(ONE_AT_A_TIME, async () => {
  const me = await createVerifiedUser(request, `Push Settings ${randomWord()}`);
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomWord(8)}`;
  await subscribeAnswers(page, endpoint);
  await signIn(page, me.email, me.password);
  await page.goto('/settings/notifications');
  const section = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(section).toBeVisible({ timeout: 30_000 });
  const turnOn = section.getByRole('button', { name: 'Turn on notifications on this device' });
  await expect(turnOn).toBeVisible();
  await expect(section.getByRole('button', { name: 'Send a test notification' })).toBeDisabled();
  // Opening the screen asked nothing of the browser.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await expectAccessible(page);
  await screenshot(page, 'push-settings-off');

  // Permission refused (the browser's prompt is dismissed in a test): the member is told how to allow it.
  await turnOn.click();
  await expect(section.getByRole('alert')).toContainText('Notifications are blocked for this site');
  expect(await devices(page, me.token)).toEqual([]);

  await context.grantPermissions(['notifications']);
  await turnOn.click();
  const list = section.getByRole('list', { name: 'Devices that receive notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(list).toContainText('(this device)');
  await expect(turnOn).toBeHidden();
  // Subscribed for visible notifications with the server's VAPID key (an uncompressed P-256 point, 65 bytes).
  expect(await page.evaluate(() => (window as unknown as { subscribeCalls: unknown[] }).subscribeCalls)).toEqual([{ userVisibleOnly: true, keyBytes: 65 }]);
  const stored = await devices(page, me.token);
  expect(stored).toHaveLength(1);
  expect(stored[0].deviceName).toMatch(/^Chrome on /);
  // The owner's view of a device never holds its endpoint or keys.
  expect(JSON.stringify(stored)).not.toContain(endpoint);
  await expect(section.getByRole('button', { name: 'Send a test notification' })).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, 'push-settings-on');

  // A reload: the page still knows this browser's device.
  await page.reload();
  await expect(list).toContainText('(this device)', { timeout: 30_000 });
  const remove = list.getByRole('button', { name: `Remove ${stored[0].deviceName}` });
  await untilLive(remove);
  await remove.click();
  await expect(list).toBeHidden();
  await expect(turnOn).toBeVisible();
  await expect.poll(() => devices(page, me.token)).toEqual([]);
}, LOCK_WAIT_MS));
