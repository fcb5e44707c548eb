// An email's "Stop emails about ..." link: it opens a page that asks first (a mail scanner opening it changes nothing),
// works signed out, and turns off exactly that type's email. The link is made as the server makes it (HMAC-SHA256 with
// the e2e server's known APP_SECRET over the purpose and the parts), so this is the token an email would carry.
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_APP_SECRET } from './env.ts';
import { createVerifiedUser, expectAccessible, screenshot } from './support.ts';

const unsubscribeToken = (userId: string, type: string) =>
  `${userId}.${type}.${createHmac('sha256', E2E_APP_SECRET).update(['unsubscribe', userId, type].join('\n')).digest('base64url')}`;

test('a signed-out member opens the link, confirms, and only that type\'s email is off', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  const preferences = async () => (await (await request.get('/api/notifications/preferences', { headers: { 'x-auth-token': member.token } })).json()).types;
  const before = await preferences();

  await page.goto(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(member.id, 'postReply'))}`);
  await expect(page).toHaveTitle('Email preferences · Thera Root');
  await expect(page.getByText('Stop emails about Replies to my posts?')).toBeVisible();
  // Opening the page changed nothing.
  expect(await preferences()).toEqual(before);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText('You will no longer get emails about Replies to my posts.');
  await screenshot(page, 'unsubscribe');

  const after = await preferences();
  expect(after.postReply).toEqual({ ...before.postReply, email: 'off' });
  expect({ ...after, postReply: before.postReply }).toEqual(before);
});

test('a forged or altered link is refused and changes nothing', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  const altered = unsubscribeToken(member.id, 'postReply').replace('.postReply.', '.mention.');
  await page.goto(`/unsubscribe?token=${encodeURIComponent(altered)}`);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await page.goto('/unsubscribe');
  await expect(page.getByRole('alert')).toHaveText('This link is incomplete. Open it again from the email.');
  await expectAccessible(page);
});
