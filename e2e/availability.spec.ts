import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, screenshot, pickOptions, searchDirectory, showFilters, signIn, randomWord } from './support.ts';

test.beforeEach(async ({ page }) => {
  // The app scrolls smoothly (web/app/global.css); a field still gliding into place would take the wrong tap.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.scrollBehavior = 'auto'; });
  });
});

// Mantine's combobox re-renders its options while Chromium's phone emulation types into it, so picking an option
// occasionally misses; a retry keeps such a miss from failing the run (as in therapists.spec.ts).
test.describe.configure({ retries: 2 });

const pick = (page: Page, label: string, options: string[]) => pickOptions(page.getByRole('main'), label, options);

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const reminder = (page: Page) => page.getByRole('region', { name: 'Still accepting new clients?' });

/** Runs `go` and waits until the dashboard has read the member's own profile (the reminder's source). */
async function untilOwnProfileRead(page: Page, id: string, go: () => Promise<unknown>): Promise<void> {
  const read = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/users/${id}` && res.ok());
  await go();
  await read;
}

// Demo members whose stated availability is 75 days old (server/seed/demo-data.ts): one per screen size, so the two
// projects, running this file against the same server at once, never confirm each other's.
const STALE = { desktop: 'maya.cohen@demo.thera-root.local', mobile: 'nadia.ivanova@demo.thera-root.local' };

test('a member whose stated availability is old is asked on the dashboard, and one click confirms it', async ({ page }, testInfo) => {
  const id = await signIn(page, STALE[testInfo.project.name as keyof typeof STALE]).then(async (token) =>
    (await (await page.request.get('/api/users/me', { headers: { 'x-auth-token': token } })).json())._id as string);
  await untilOwnProfileRead(page, id, () => page.goto('/'));
  await expect(reminder(page)).toContainText('Your profile says: Waitlist');
  await expectAccessible(page);
  await screenshot(page, 'availability-reminder');
  await reminder(page).getByRole('button', { name: 'Confirm availability' }).click();
  await expect(reminder(page)).toHaveCount(0);
});

test('a therapist states availability, is found by it, and reconfirms from the dashboard', async ({ page, request }) => {
  // A long walk through five screens and two accounts: on a busy machine it runs close to the default 60 s.
  test.setTimeout(120_000);
  const name = `Avail ${randomWord(3)}`;
  const me = await createVerifiedUser(request, name);
  await signIn(page, me.email, me.password);

  // Never stated: the dashboard does not ask to confirm a default the member never chose (the checklist asks instead).
  await untilOwnProfileRead(page, me.id, () => page.goto('/'));
  await expect(page.getByRole('region', { name: 'Get started' })).toBeVisible();
  await expect(reminder(page)).toHaveCount(0);

  // Edit: status, note with its counter, languages, fee models, insurers, licensed regions, website.
  await page.goto('/edit-profile');
  const section = page.getByRole('region', { name: 'Availability for referrals' });
  await section.getByRole('radio', { name: 'Accepting new clients', exact: true }).check();
  const note = section.getByRole('textbox', { name: 'Availability note' });
  await note.fill('Tue and Thu evenings');
  await expect(section.getByText('20 / 200 characters')).toBeVisible();
  await pick(page, 'Languages', ['Yiddish', 'English']);
  await pick(page, 'Fee models', ['Sliding scale']);
  const insurers = section.getByRole('combobox', { name: 'Insurers' });
  await insurers.fill('Sun Life');
  await insurers.press('Enter');
  await pick(page, 'Licensed regions', ['Ontario (ON)']);
  await section.getByRole('textbox', { name: 'Website' }).fill('https://avail.example.com');
  await expectAccessible(page);
  await screenshot(page, 'availability-edit');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Save Profile' }).click();

  // The profile shows it all, the website as a safe outside link.
  await expect(page).toHaveURL(/\/my-profile$/);
  const shown = page.getByRole('region', { name: 'Availability for referrals' });
  await expect(shown.getByText('Accepting new clients', { exact: true })).toBeVisible();
  await expect(shown.getByText('Tue and Thu evenings')).toBeVisible();
  await expect(shown.getByText('Yiddish')).toBeVisible();
  await expect(shown.getByText('Sliding scale')).toBeVisible();
  await expect(shown.getByText('Sun Life')).toBeVisible();
  await expect(shown.getByText('Ontario')).toBeVisible();
  await expect(shown.getByText('Availability not confirmed recently')).toHaveCount(0);
  const site = shown.getByRole('link', { name: /avail\.example\.com/ });
  await expect(site).toHaveAttribute('href', 'https://avail.example.com');
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expectAccessible(page);

  // The directory: filter by accepting and a language; the card carries the badge.
  await page.goto('/therapists');
  await showFilters(page);
  await page.getByRole('main').getByRole('combobox', { name: 'Availability' }).click();
  await page.getByRole('option', { name: 'Accepting new clients', exact: true }).click();
  await pick(page, 'Languages', ['Yiddish']);
  await searchDirectory(page);
  await expect(page).toHaveURL(/accepting=accepting/);
  await expect(page).toHaveURL(/languages=Yiddish/);
  // One's own card is hidden in the directory (the spec), so a colleague looks for it.
  const colleague = await createVerifiedUser(request);
  await signIn(page, colleague.email, colleague.password);
  await page.goto('/therapists?accepting=accepting&languages=Yiddish');
  const mine = cards(page).filter({ has: page.getByRole('heading', { name }) });
  await expect(mine.getByText('Accepting new clients', { exact: true })).toBeVisible();
  for (const card of await cards(page).all()) await expect(card.getByText('Accepting new clients', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'availability-directory');

  // A colleague's profile warns when the availability is old; this one is fresh.
  await mine.getByRole('link', { name }).click();
  await expect(page.getByRole('region', { name: 'Availability for referrals' }).getByText(/^Confirmed on /)).toBeVisible();
  // The colleague never stated any availability: their own profile says so.
  await page.goto('/my-profile');
  await expect(page.getByRole('region', { name: 'Availability for referrals' }).getByText('Availability not confirmed recently')).toBeVisible();
  await expectAccessible(page);
});
