import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, DEMO, expectAccessible, screenshot, signIn, withLock, randomWord } from './support.ts';

const unique = (label: string) => `${label} ${randomWord(4)}`;

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  return page;
}

async function submitByApi(request: APIRequestContext, token: string, title: string): Promise<string> {
  const res = await request.post('/api/resources', {
    headers: { 'x-auth-token': token },
    data: { title, link: 'https://example.org/e2e', category: 'Tools', description: `Description of ${title}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).resource._id;
}

const card = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });

test('a verified therapist submits a resource, the administrator approves it, and it is public', async ({ page, browser }) => {
  const member = await createVerifiedUser(page.request);
  const title = unique('Grounding worksheet');
  await signIn(page, member.email, member.password);
  await page.goto('/resources');
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Submit a resource' }).click();
  const form = page.getByRole('region', { name: 'Submit a resource' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)');
  await form.getByRole('textbox', { name: 'Description' }).fill('Five grounding exercises for the first session.');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Worksheets' }).click();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Link must be an http or https URL')).toBeVisible();

  await form.getByRole('textbox', { name: 'Link' }).fill('https://example.org/grounding.pdf');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Resource submitted for approval successfully!')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  await expectAccessible(page);
  await screenshot(page, 'resources-submitted');

  // Pending: not public yet.
  await page.getByRole('searchbox', { name: 'Search resources' }).fill(title);
  await expect(page.getByText('No resources found.')).toBeVisible();

  const admin = await adminPage(browser);
  await withLock('latest-resource', async () => {
    await admin.goto('/admin/resources');
    const pending = card(admin, title);
    await expect(pending.getByText('Pending')).toBeVisible();
    await expect(pending.getByText(`Shared by ${member.name}`)).toBeVisible();
    await expectAccessible(admin);
    await screenshot(admin, 'admin-resources');
    await pending.getByRole('button', { name: `Approve ${title}` }).click();
    await expect(pending.getByText('Approved')).toBeVisible();
  });
  await expect(card(admin, title).getByRole('button')).toHaveCount(0);
  await admin.context().close();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/resources');
  await visitor.getByRole('searchbox', { name: 'Search resources' }).fill(title.split(' ').pop()!);
  const link = visitor.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', 'https://example.org/grounding.pdf');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(card(visitor, title).getByText('Worksheets')).toBeVisible();
  await visitor.context().close();
});

test('a visitor browses and filters the library, without the submit form', async ({ page }) => {
  await page.goto('/resources');
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /The Body Keeps the Score/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit a resource' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Worksheets' }).click();
  await expect(page.getByRole('link', { name: /Thought record worksheet/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /The Body Keeps the Score/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'resources-public');
});

test('the administrator declines a pending resource, deletes a published one, and both are in the audit log', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const declined = unique('To decline');
  const deleted = unique('To delete');
  await submitByApi(request, member.token, declined);
  await signIn(page, ADMIN.email, ADMIN.password);

  await page.goto('/admin/resources');
  await card(page, declined).getByRole('button', { name: `Decline ${declined}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline resource' });
  await expect(dialog).toContainText(`Are you sure you want to decline "${declined}"?`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(card(page, declined)).toHaveCount(0);

  await withLock('latest-resource', async () => {
    const id = await submitByApi(request, member.token, deleted);
    const approved = await request.patch(`/api/resources/${id}/approve`, { headers: { 'x-auth-token': adminToken } });
    expect(approved.status()).toBe(200);
    await page.goto('/resources');
    await page.getByRole('searchbox', { name: 'Search resources' }).fill(deleted.split(' ').pop()!);
    await card(page, deleted).getByRole('button', { name: `Delete ${deleted}` }).click();
    await page.getByRole('dialog', { name: 'Delete resource' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No resources found.')).toBeVisible();
  });

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  // A table row on desktop, a list entry on a phone: whichever is shown.
  const rows = (title: string, action: string) => page.locator('tr:visible, li:visible').filter({ hasText: title }).filter({ hasText: action });
  await expect(rows(deleted, 'Approved resource')).toHaveCount(1);
  await expect(rows(deleted, 'Deleted resource')).toHaveCount(1);
  await expect(rows(declined, 'Declined resource')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Verifications' })).toHaveAttribute('href', '/admin/verifications');
  await expectAccessible(page);
  await screenshot(page, 'admin-audit');
});

test('a member who is not an administrator cannot use the approval dashboard', async ({ page }) => {
  await signIn(page, DEMO.sofia);
  await page.goto('/admin/resources');
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-resources-refused');
});
