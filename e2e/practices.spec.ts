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
