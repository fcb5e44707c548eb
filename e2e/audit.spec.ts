// The access audit trail at both widths: a member sees who read their data in "Access to my account"; an
// administrator opens a reported chat message only with a reason, and finds that reading in /admin/audit by member.
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, say, screenshot, signIn, startConversation, randomWord } from './support.ts';

test('a reported message opens with a reason; the audit screen and the members\' access panels show the reading', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = randomWord(3);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const [author, reporter] = await Promise.all([
    createVerifiedUser(request, `Arlo Author ${id}`, adminToken), createVerifiedUser(request, `Rhea Reporter ${id}`, adminToken),
  ]);
  const conversationId = await startConversation(request, author, reporter);
  await say(author, conversationId, `Unkind words ${id}`);
  const messages = await (await request.get(`/api/conversations/${conversationId}/messages`, { headers: { 'x-auth-token': reporter.token } })).json();
  const message = messages.find((m: { text: string }) => m.text === `Unkind words ${id}`);
  const reported = await request.post('/api/reports', { headers: { 'x-auth-token': reporter.token }, data: { targetType: 'message', targetId: message._id, reason: 'harassment' } });
  expect(reported.status()).toBe(201);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/reports');
  const item = page.getByRole('article').filter({ hasText: `Arlo Author ${id}` });
  await expect(item.getByText(`Unkind words ${id}`)).toHaveCount(0);
  await item.getByLabel('Reason for reading').fill('short');
  await item.getByRole('button', { name: 'Read the conversation' }).click();
  await expect(item.getByText('Please write at least 10 characters.')).toBeVisible();
  await item.getByLabel('Reason for reading').fill('Checking the reported words in context');
  await expectAccessible(page);
  await item.getByRole('button', { name: 'Read the conversation' }).click();
  await expect(item.getByRole('list', { name: 'The reported message in its conversation' })).toContainText(`Unkind words ${id}`);

  // "Everyone who accessed this member's data" is one filter.
  await page.goto(`/admin/audit?memberId=${reporter.id}`);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  // The table at desktop width, a list on a phone: one of the two is shown.
  await expect(page.getByText('Reason: Checking the reported words in context').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByLabel('Whose data (member id)')).toHaveValue(reporter.id);
  await expectAccessible(page);
  await screenshot(page, 'admin-audit');

  await signIn(page, reporter.email, reporter.password);
  await page.goto('/settings/security');
  const panel = page.getByRole('region', { name: 'Access to my account' });
  await expect(panel.getByText('An administrator read a conversation you are part of, after it was reported')).toBeVisible();
  await expect(panel.getByText('Signed in').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'access-to-my-account');
});
