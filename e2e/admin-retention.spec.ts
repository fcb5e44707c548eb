// The administrators' retention screen and a member's legal hold, at both widths, with axe.
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, screenshot, signIn } from './support.ts';

test('an administrator reads and changes retention, is told what is wrong, and places and releases a legal hold', async ({ page, request }) => {
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const member = await createVerifiedUser(request, undefined, adminToken);
  const before = await (await request.get('/api/admin/retention', { headers: { 'x-auth-token': adminToken } })).json();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/retention');
  await expect(page.getByRole('heading', { name: 'Retention', level: 1 })).toBeVisible();
  const audit = page.getByRole('textbox', { name: 'Audit trail (years)' });
  await expect(audit).toHaveValue(String(before.auditYears));
  await expectAccessible(page);
  await screenshot(page, 'admin-retention');

  await audit.fill('5');
  await page.getByRole('button', { name: 'Save retention settings' }).click();
  await expect(page.getByRole('alert')).toHaveText('Audit trail must be kept at least 6 years.');
  await audit.fill(String(before.auditYears));
  await page.getByRole('button', { name: 'Save retention settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Retention settings saved.');

  await page.goto(`/admin/users/${member.id}`);
  const hold = page.getByRole('region', { name: 'Legal hold' });
  await expect(hold.getByText(`${member.name} is not on legal hold.`)).toBeVisible();
  await hold.getByRole('button', { name: 'Place legal hold' }).click();
  await expect(hold.getByRole('textbox', { name: /Reason for the hold/ })).toBeFocused();
  await hold.getByRole('textbox', { name: /Reason for the hold/ }).fill('Court order 2026-114');
  await hold.getByRole('button', { name: 'Place legal hold' }).click();
  await expect(hold.getByText(new RegExp(`${member.name} is on legal hold since`))).toBeVisible();
  await expect(hold.getByText('Reason: Court order 2026-114')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-legal-hold');
  await hold.getByRole('button', { name: 'Release legal hold' }).click();
  await expect(hold.getByText(`${member.name} is not on legal hold.`)).toBeVisible();
});
