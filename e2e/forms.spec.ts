// A newcomer's first week: forms that keep what the member typed, registration that signs in, calm words
// for a first application, a first dashboard that greets, names instead of markup in the editors.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, expectAccessible, registerPendingUser, signIn, randomWord } from './support.ts';

/** Every dialog the page opens (the profile form's "Profile updated successfully!" is an alert). */
function dialogsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

test('Enter in a profile option field never sends the profile', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  const dialogs = dialogsOf(page);
  await signIn(page, member.email, member.password);
  await page.goto('/edit-profile');
  const form = page.getByRole('form', { name: 'Edit profile' });
  for (const label of ['Specialties', 'Age groups', 'Languages']) {
    const field = form.getByRole('combobox', { name: label });
    await field.fill('No such option anywhere');
    await field.press('Enter');
    await field.press('Escape');
    await field.fill('');
  }
  // The insurers' tags: Enter with nothing typed, and Enter after a name (which adds it as a tag).
  const insurers = form.getByLabel('Insurers');
  await insurers.press('Enter');
  await insurers.fill('Sun Life');
  await insurers.press('Enter');
  await expect(form.getByText('Sun Life', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/edit-profile$/);
  expect(dialogs).toEqual([]);
  // The button still saves.
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
  expect(dialogs).toEqual(['Profile updated successfully!']);
});

test('an uploaded photo shows once, with no address field', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  await signIn(page, member.email, member.password);
  await page.goto('/edit-profile');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByRole('status').filter({ hasText: 'Photo uploaded.' })).toBeVisible();
  await expect(form.locator(`img[src^="/api/users/${member.id}/avatar/"]`)).toHaveCount(1);
  await expect(form.getByLabel(/Avatar URL/)).toHaveCount(0);
  await expect(form.getByText(`/api/users/${member.id}`)).toHaveCount(0);
  // Saving the rest of the form keeps the photo.
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
  await expect(page.locator(`img[src^="/api/users/${member.id}/avatar/"]`).first()).toBeVisible();
  await expectAccessible(page);
});

test('a first application is waited for calmly: no correction asked, no red error on a colleague\'s profile', async ({ page, request }) => {
  const colleague = await createVerifiedUser(request);
  const { email, password } = await registerPendingUser(request, 'Fiona First');
  await signIn(page, email, password);
  await page.goto('/verification');
  await expect(page.getByText(/Thank you for applying\. An administrator will review your licence details and email you/)).toBeVisible();
  await expect(page.getByText(/Correct your licence details/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send for review' })).toHaveCount(0);
  // What was sent is there to check (the form fills itself from the profile).
  await expect(page.getByLabel('Licensing body')).toHaveValue('CRPO');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your licence details were saved.' })).toBeVisible();
  await expectAccessible(page);

  // A card in the directory opens the colleague's profile: it says what opens when, not "Error".
  await page.goto(`/profile/${colleague.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Your licence has not been verified yet.' })).toBeVisible();
  await expect(page.getByText(/^Error/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
});

test('the first dashboard welcomes, asks nothing about availability never stated, and the next one welcomes back', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  await signIn(page, member.email, member.password);
  const ownProfileRead = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/users/${member.id}` && res.ok());
  const greeted = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/users/me/onboarding/welcomed' && res.ok());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${member.name}!`, level: 1 })).toBeVisible();
  await ownProfileRead;
  await expect(page.getByRole('region', { name: 'Get started' })).toBeVisible();
  await expect(page.getByText('Still accepting new clients?')).toHaveCount(0);
  await expect(page.getByText(/Your profile says/)).toHaveCount(0);
  await expectAccessible(page);

  await greeted;
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome back, ${member.name}!`, level: 1 })).toBeVisible();
});

test('a fee per session and the young-adult age group are saved and shown on the profile', async ({ page, request }) => {
  const member = await createVerifiedUser(request);
  await signIn(page, member.email, member.password);
  await page.goto('/edit-profile');
  const form = page.getByRole('form', { name: 'Edit profile' });
  const ages = form.getByRole('combobox', { name: 'Age groups' });
  await ages.fill('Young');
  await page.getByRole('option', { name: 'Young adults', exact: true }).click();
  const fee = form.getByRole('textbox', { name: 'Fee per session' });
  await fee.fill('150.5');
  // The licence is Canadian: the currency starts as CAD.
  await expect(form.getByRole('combobox', { name: 'Currency' })).toHaveValue('CAD');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
  await expect(page.getByText('Young adults', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Availability for referrals' }).getByText('CA$150.50')).toBeVisible();

  // Emptied, the fee goes from the profile.
  await page.goto('/edit-profile');
  await expect(fee).toHaveValue('150.5');
  await fee.fill('');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
  await expect(page.getByText('Fee per session')).toHaveCount(0);
});

test('a chosen mention reads as the name in the comment and post editors, when writing and when editing', async ({ page, request }) => {
  const tag = randomWord(3);
  const [author, quinn] = await Promise.all([createVerifiedUser(request, `Writer ${tag}`), createVerifiedUser(request, `Quinn${tag} Colleague`)]);
  const created = await request.post('/api/forumPosts', {
    headers: { 'x-auth-token': author.token },
    data: { title: `Pacing ${tag}`, content: `Asking @[${quinn.name}](user:${quinn.id}) about pacing.` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = await created.json();
  await signIn(page, author.email, author.password);
  await page.goto(`/post/${post._id}`);

  // Writing: the member picked shows as "@Name"; what is sent is the markup, rendered as a profile link.
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.click();
  await box.pressSequentially(`Thanks @Quinn${tag}`);
  await expect(page.getByRole('listbox', { name: 'Members to mention' }).getByRole('option', { name: quinn.name })).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue(`Thanks @${quinn.name} `);
  await box.pressSequentially('for this.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const comments = page.getByRole('listitem').filter({ hasText: 'for this.' }).first();
  await expect(comments.getByRole('link', { name: `@${quinn.name}` })).toHaveAttribute('href', `/profile/${quinn.id}`);

  // Editing the comment: the name again, never "user:"; Backspace after the name removes the whole mention.
  await comments.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('textbox', { name: `Edit comment by ${author.name}` });
  await expect(edit).toHaveValue(`Thanks @${quinn.name} for this.`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(comments.getByRole('link', { name: `@${quinn.name}` })).toBeVisible();

  // Editing the post: the same.
  await page.getByRole('button', { name: 'Edit post' }).click();
  const content = page.getByRole('textbox', { name: 'Content' });
  await expect(content).toHaveValue(`Asking @${quinn.name} about pacing.`);
  await content.press('Control+End');
  await content.pressSequentially(' Also @');
  await content.pressSequentially(`Quinn${tag}`);
  await expect(page.getByRole('listbox', { name: 'Members to mention' }).getByRole('option', { name: quinn.name })).toBeVisible();
  await content.press('Enter');
  await expect(content).toHaveValue(`Asking @${quinn.name} about pacing. Also @${quinn.name} `);
  await content.press('Backspace');
  await content.press('Backspace');
  await expect(content).toHaveValue(`Asking @${quinn.name} about pacing. Also `);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('user:')).toHaveCount(0);
  const saved = await (await request.get(`/api/forumPosts/${post._id}`, { headers: { 'x-auth-token': author.token } })).json();
  expect(saved.content.trimEnd()).toBe(`Asking @[${quinn.name}](user:${quinn.id}) about pacing. Also`);
});
