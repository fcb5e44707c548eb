import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, DEMO, expectAccessible, screenshot, signIn, withLock, randomWord } from './support.ts';

const cardOf = (page: Page, title: string) => page.getByRole('region', { name: title });

test('the dashboard greets the member with the spec\'s cards and links', async ({ page }) => {
  await signIn(page, DEMO.sofia);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Sofia Rossi!', level: 1 })).toBeVisible();
  await expect(page.getByText('Here\'s your dashboard at a glance.')).toBeVisible();

  const quick = cardOf(page, 'Quick Actions');
  for (const [name, href] of [['New Post', '/forums'], ['New Chat', '/chat'], ['Find Therapists', '/therapists'], ['See Resources', '/resources']]) {
    await expect(quick.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expect(cardOf(page, 'My Chats').getByRole('link', { name: 'Open Chat' })).toHaveAttribute('href', '/chat');
  await expect(cardOf(page, 'Find Therapists').getByRole('link', { name: 'Search Network' })).toHaveAttribute('href', '/therapists');
  await expect(cardOf(page, 'Admin Tools')).toHaveCount(0);

  const communities = cardOf(page, 'My Communities');
  await expect(communities.getByRole('link', { name: 'View All communities' })).toHaveAttribute('href', '/communities');
  const joined = communities.getByRole('listitem');
  await expect(joined.first()).toBeVisible();
  expect(await joined.count()).toBeLessThanOrEqual(5);
  await expect(joined.first().getByRole('link')).toHaveAttribute('href', /^\/community\/[0-9a-f-]{36}$/);

  const activity = cardOf(page, 'Recent Activity');
  await expect(activity.getByRole('link', { name: /./ }).first()).toHaveAttribute('href', /^\/(community\/[0-9a-f-]{36}\/post\/[0-9a-f-]{36}|resources)$/);
  await expectAccessible(page);
  await screenshot(page, 'dashboard');

  await quick.getByRole('link', { name: 'See Resources' }).click();
  await expect(page).toHaveURL(/\/resources$/);
});

test('a resource the administrator approves is the Latest Resource and shows in Recent Activity', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const title = `Sleep hygiene guide ${randomWord(4)}`;
  const link = `https://example.org/sleep-${randomBytes(3).toString('hex')}`;
  await signIn(page, DEMO.sofia);

  await withLock('latest-resource', async () => {
    const created = await request.post('/api/resources', {
      headers: { 'x-auth-token': member.token }, data: { title, link, category: 'Articles', description: 'Practical sleep advice for clients.' },
    });
    expect(created.status()).toBe(201);
    const { resource } = await created.json();
    const approved = await request.patch(`/api/resources/${resource._id}/approve`, { headers: { 'x-auth-token': adminToken } });
    expect(approved.status()).toBe(200);

    await page.goto('/');
    const latest = cardOf(page, 'Latest Resource');
    await expect(latest.getByText(title, { exact: true })).toBeVisible();
    const readMore = latest.getByRole('link', { name: /^Read More/ });
    await expect(readMore).toHaveAttribute('href', link);
    await expect(readMore).toHaveAttribute('target', '_blank');
    await expect(readMore).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(latest.getByRole('link', { name: 'View All resources' })).toHaveAttribute('href', '/resources');

    const activity = cardOf(page, 'Recent Activity');
    const item = activity.getByRole('listitem').filter({ hasText: `New resource: ${title}` });
    await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', '/resources');
    await screenshot(page, 'dashboard-latest-resource');
  });
});

test('a new member sees the empty states, and failures empty the lists and log only', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  const logged: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') logged.push(message.text()); });
  await page.route('**/api/activity/feed', (route) => route.fulfill({ status: 500, json: { msg: 'boom' } }));
  await page.route('**/welcome*.svg', (route) => route.abort());
  await signIn(page, member.email, member.password);
  await page.goto('/');

  await expect(page.getByRole('heading', { name: `Welcome, ${member.name}!` })).toBeVisible();
  await expect(page.getByText('You haven\'t joined any communities yet.')).toBeVisible();
  await expect(page.getByText('No recent activity yet. Why not start a post?')).toBeVisible();
  await expect.poll(() => logged.some((text) => text.includes('Failed to fetch feed'))).toBe(true);
  // The welcome illustration could not load: the placeholder takes its place.
  await expect(page.locator('img[src*="placeholder"]')).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, 'dashboard-empty');
});

test('the administrator has the Admin Tools card', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/');
  const tools = cardOf(page, 'Admin Tools');
  await expect(tools.getByRole('link', { name: 'Review Resources' })).toHaveAttribute('href', '/admin/resources');
  await tools.getByRole('link', { name: 'Review Resources' }).click();
  await expect(page.getByRole('heading', { name: 'Resource approvals' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/admin/audit');
});
