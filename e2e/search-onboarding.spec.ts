// The top bar's one search box (Ctrl/Cmd+K, a combobox of grouped results) and, after approval, the
// dashboard's onboarding checklist with the profile's completeness meter. Both widths, axe on each screen.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, DEMO, expectAccessible, screenshot, signIn, type NewUser } from './support.ts';

const searchButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const box = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search therapists, posts, communities and resources' });
const results = (page: Page) => dialog(page).getByRole('listbox', { name: 'Search results' });

test('search: Ctrl+K opens the box from anywhere, arrows and Enter open a result, Escape closes and gives focus back', async ({ page }) => {
  await signIn(page, DEMO.amara);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // The keyboard shortcut, with focus nowhere in particular.
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible();
  await expect(box(page)).toBeFocused();
  await box(page).fill('trauma');
  await expect(results(page)).toBeVisible();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  // Grouped: each group is labelled, with its own results and a link to the full search.
  const communities = results(page).getByRole('group', { name: 'Communities' });
  await expect(communities.getByRole('option', { name: /Trauma-Informed Care/ })).toBeVisible();
  await expect(results(page).getByRole('group', { name: 'Resources' }).getByRole('option', { name: /The Trauma Therapist podcast/ })).toBeVisible();
  await expect(communities.getByRole('option', { name: 'All communities matching “trauma”' })).toBeVisible();
  await expect(dialog(page).getByRole('status')).toHaveText(/\d+ match(es)?\. Use the arrow keys/);
  await screenshot(page, 'search-results');
  await expectAccessible(page);

  // The arrow keys choose a result (aria-activedescendant names it), Enter opens it.
  await box(page).press('ArrowDown');
  const first = results(page).getByRole('option').first();
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await box(page).press('ArrowDown');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await results(page).getByRole('option').nth(1).getAttribute('id'))!);
  await box(page).press('ArrowUp');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await box(page).fill('Gabriel');
  const gabriel = results(page).getByRole('group', { name: 'Therapists' }).getByRole('option', { name: /Gabriel Silva/ });
  await expect(gabriel).toBeVisible();
  await box(page).press('ArrowDown');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await gabriel.getAttribute('id'))!);
  await box(page).press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Gabriel Silva', level: 1 })).toBeVisible();

  // From the top bar's button (an icon on a phone); Escape closes at once and focus returns to the button.
  await searchButton(page).click();
  await expect(box(page)).toBeFocused();
  await box(page).fill('trauma');
  await expect(results(page)).toBeVisible();
  await box(page).press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(searchButton(page)).toBeFocused();

  // A group's link opens that screen's own full search.
  await searchButton(page).click();
  await box(page).fill('trauma');
  await results(page).getByRole('option', { name: 'All communities matching “trauma”' }).click();
  await expect(page).toHaveURL(/\/communities\?q=trauma$/);
  await expect(page.getByLabel('Search communities')).toHaveValue('trauma');

  // Nothing found says so.
  await page.keyboard.press('Control+k');
  await box(page).fill('zzqxjnothing');
  await expect(dialog(page).getByRole('status')).toHaveText('No matches for “zzqxjnothing”.');
  await expect(results(page)).toBeHidden();
  await page.keyboard.press('Escape');

  // The posts' and the library's full searches start from the words in the address too.
  await page.goto('/forums?q=grounding');
  await expect(page.getByLabel('Search all posts')).toHaveValue('grounding');
  await expect(page.getByRole('main').getByRole('link', { name: /Favourite grounding exercises/ }).first()).toBeVisible();
  await page.goto('/resources?q=podcast');
  await expect(page.getByRole('searchbox', { name: 'Search resources' })).toHaveValue('podcast');
  await expect(page.getByRole('main').getByText('The Trauma Therapist podcast')).toBeVisible();
});

test('search: a pending member has no search box, and the API refuses them as it does visitors', async ({ page, request }) => {
  const email = `e2e-pending-${randomBytes(4).toString('hex')}@example.test`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const register = await request.post('/api/users/register', {
    data: {
      name: 'E2E Pending Searcher', email, password, confirmPassword: password, profession: 'Registered Psychotherapist',
      licenceNumber: `E2E-${randomBytes(3).toString('hex')}`, licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
    },
  });
  expect(register.status()).toBe(201);
  const token = await signIn(page, email, password);
  expect((await request.get('/api/search?q=trauma', { headers: { 'x-auth-token': token } })).status()).toBe(403);
  expect((await request.get('/api/search?q=trauma')).status()).toBe(401);
  await page.goto('/verification');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(searchButton(page)).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toHaveCount(0);
});

test.describe('onboarding', () => {
  let member: NewUser;
  test.beforeEach(async ({ request }) => {
    member = await createVerifiedUser(request);
  });

  test('a newly verified member follows the checklist, which ticks itself; the profile shows how complete it is; Dismiss hides it', async ({ page, request }) => {
    await signIn(page, member.email, member.password);
    await page.goto('/');
    const checklist = page.getByRole('region', { name: 'Get started' });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('0 of 4 steps done')).toBeVisible();
    await expect(checklist.getByRole('progressbar', { name: 'Getting started steps done' })).toHaveAttribute('aria-valuenow', '0');
    for (const step of ['Add a photo', 'Complete your specialties and availability', 'Join 3 recommended communities', 'Add colleagues to your network']) {
      await expect(checklist.getByRole('link', { name: step })).toBeVisible();
    }
    await expect(checklist.getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/edit-profile');
    await expect(checklist.getByRole('link', { name: 'Add colleagues to your network' })).toHaveAttribute('href', '/therapists');
    await expectAccessible(page);
    await screenshot(page, 'onboarding-checklist');

    // Two steps done elsewhere (a colleague favourited, availability stated): they tick themselves.
    const headers = { 'x-auth-token': member.token };
    const colleague = (await (await request.get('/api/users?q=Gabriel', { headers })).json()).users[0];
    expect((await request.patch(`/api/users/favorites/${colleague._id}`, { headers })).status()).toBe(200);
    expect((await request.put('/api/users/me', { headers, data: { specialties: ['Grief'], acceptingClients: 'waitlist' } })).status()).toBe(200);
    await page.reload();
    await expect(checklist.getByText('2 of 4 steps done')).toBeVisible();
    await expect(checklist.getByText('Add colleagues to your network (done)')).toBeVisible();
    await expect(checklist.getByRole('link', { name: 'Add colleagues to your network' })).toHaveCount(0);
    await expect(checklist.getByRole('link', { name: 'Add a photo' })).toBeVisible();

    // A step's link leads where it is done.
    await checklist.getByRole('link', { name: 'Join 3 recommended communities' }).click();
    await expect(page).toHaveURL(/\/forums$/);

    // The profile's completeness meter: a percentage, a labelled progress bar and what is missing.
    await page.goto('/my-profile');
    const meter = page.getByRole('region', { name: 'Profile completeness' });
    const bar = meter.getByRole('progressbar', { name: 'Profile completeness' });
    await expect(bar).toBeVisible();
    const percent = await bar.getAttribute('aria-valuenow');
    expect(Number(percent)).toBeGreaterThan(0);
    expect(Number(percent)).toBeLessThan(100);
    await expect(meter.getByText(`${percent}%`, { exact: true })).toBeVisible();
    await expect(meter.getByRole('list', { name: 'Still missing:' }).getByRole('listitem').filter({ hasText: 'A profile photo' })).toBeVisible();
    await expect(meter.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/edit-profile');
    await expectAccessible(page);
    await screenshot(page, 'profile-completeness');

    // Dismiss: gone at once, and after a reload.
    await page.goto('/');
    await checklist.getByRole('button', { name: /^Dismiss/ }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
  });

  test('the checklist goes by itself once every step is done', async ({ page, request }) => {
    const headers = { 'x-auth-token': member.token };
    const colleague = (await (await request.get('/api/users?q=Gabriel', { headers })).json()).users[0];
    await request.patch(`/api/users/favorites/${colleague._id}`, { headers });
    await request.put('/api/users/me', { headers, data: { specialties: ['Grief'], acceptingClients: 'accepting', avatar: 'https://example.org/me.png' } });
    const communities = (await (await request.get('/api/communities?limit=3', { headers })).json()).communities;
    for (const c of communities) expect((await request.post(`/api/communities/${c._id}/join`, { headers })).status()).toBe(200);
    const state = await (await request.get('/api/users/me/onboarding', { headers })).json();
    expect(state.show).toBe(false);
    await signIn(page, member.email, member.password);
    await page.goto('/');
    // Their first dashboard: "Welcome", not yet "Welcome back".
    await expect(page.getByRole('heading', { name: `Welcome, ${member.name}!` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'My Communities' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
  });
});
