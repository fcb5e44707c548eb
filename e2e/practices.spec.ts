// Group practices in the browser, at both widths with axe: the owner uploads a logo on the practice's settings page and
// it shows on the practice's page and in its intake inbox's header.
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiLogin, createVerifiedUser, expectAccessible, randomWord, signIn, type NewUser } from './support.ts';

async function members(request: APIRequestContext, ...names: string[]): Promise<NewUser[]> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const id = randomWord(3);
  return Promise.all(names.map((name) => createVerifiedUser(request, `${name} ${id}`, admin)));
}

async function practiceOf(request: APIRequestContext, owner: NewUser, name: string, region = 'ON') {
  const res = await request.post('/api/practices', {
    headers: { 'x-auth-token': owner.token },
    data: { name, description: 'Adults and couples', website: 'https://harbour.example', locations: [{ city: 'Toronto', region }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json() as Promise<{ _id: string; slug: string; name: string }>;
}

test('an owner uploads the practice logo; it shows on its page and in its inbox', async ({ page, request }) => {
  test.slow();
  const [owner] = await members(request, 'Logo Owner');
  const practice = await practiceOf(request, owner, `Harbour ${randomWord(3)} Therapy`);
  await signIn(page, owner.email, owner.password);
  await page.goto(`/practices/${practice.slug}/settings`);
  const section = page.getByRole('region', { name: 'Logo' });
  await expect(section.getByRole('button', { name: 'Upload logo' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Remove logo' })).toHaveCount(0);
  const png = await sharp({ create: { width: 600, height: 200, channels: 3, background: { r: 20, g: 90, b: 120 } } }).png().toBuffer();
  await section.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(section.getByRole('status')).toHaveText('Logo uploaded.');
  const preview = section.getByTestId('logo-preview').locator('img');
  await expect(preview).toHaveAttribute('src', new RegExp(`^/api/practices/${practice._id}/logo/[0-9a-f]{32}\\.webp$`));
  await expect(section.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  await expectAccessible(page);

  // A file that is not an image is refused in the server's words.
  await section.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
  await expect(section.getByRole('alert')).toHaveText('Please upload a JPEG, PNG or WebP logo.');

  const src = await preview.getAttribute('src');
  await page.goto(`/practices/${practice.slug}`);
  await expect(page.getByRole('heading', { name: practice.name, level: 1 })).toBeVisible();
  await expect(page.locator(`img[src="${src}"]`)).toBeVisible();
  await page.goto(`/practices/${practice.slug}/inbox`);
  await expect(page.getByRole('heading', { name: 'Intake inbox', level: 1 })).toBeVisible();
  await expect(page.locator(`img[src="${src}"]`)).toBeVisible();
  await expectAccessible(page);
});

test('the directory lists practices whose clinicians match its filters, and cards say where a therapist works', async ({ page, request }) => {
  test.slow();
  const [owner, clinician] = await members(request, 'Tab Owner', 'Tab Clinician');
  const tag = randomWord(3);
  const practice = await practiceOf(request, owner, `Cedar ${tag} Clinic`, 'NS');
  await request.put('/api/users/me', { headers: { 'x-auth-token': clinician.token }, data: { acceptingClients: 'accepting', specialties: ['Grief'] } });
  const invited = await request.post(`/api/practices/${practice._id}/invitations`, { headers: { 'x-auth-token': owner.token }, data: { userId: clinician.id, role: 'clinician' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const answer = await request.patch(`/api/practices/${practice._id}/invitations/${(await invited.json())._id}`, { headers: { 'x-auth-token': clinician.token }, data: { accept: true } });
  expect(answer.status(), await answer.text()).toBe(200);

  await signIn(page, owner.email, owner.password);
  await page.goto(`/therapists?q=${encodeURIComponent(clinician.name)}`);
  const card = page.getByRole('article', { name: clinician.name });
  await expect(card.getByTestId('works-at')).toHaveText(`Works at ${practice.name}`);
  await expect(card.getByRole('link', { name: practice.name })).toHaveAttribute('href', `/practices/${practice.slug}`);

  await page.getByRole('tab', { name: 'Practices' }).click();
  await expect(page).toHaveURL(/tab=practices/);
  await page.goto(`/therapists?tab=practices&q=${encodeURIComponent(`Cedar ${tag}`)}&accepting=accepting&region=NS`);
  await expect(page.getByRole('tab', { name: 'Practices' })).toHaveAttribute('aria-selected', 'true');
  const found = page.getByRole('article', { name: practice.name });
  await expect(found).toBeVisible();
  await expect(found.getByTestId('practice-accepting')).toHaveText('1 of 2 clinicians accepting');
  await expectAccessible(page);
  await page.goto(`/therapists?tab=practices&q=${encodeURIComponent(`Cedar ${tag}`)}&region=ON`);
  await expect(page.getByText('No practices have clinicians matching these filters.')).toBeVisible();
  await found.waitFor({ state: 'detached' });
});
