// The forums in the browser: editing with an "edited" mark, sorting kept in the address, bookmarks, the
// dashboard's grouped comments, and the administrator's distinct "Remove as administrator".
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, DEMO, DEMO_PASSWORD, apiLogin, createVerifiedUser, expectAccessible, screenshot, signIn, randomWord } from './support.ts';

// Desktop and mobile run side by side on one server: every name made here is unique.
const unique = () => randomWord(3);

/** API calls as one member, failing the test on any refusal. */
function as(request: APIRequestContext, token: string) {
  const headers = { 'x-auth-token': token };
  const send = async (method: 'post' | 'put', url: string, data: object = {}) => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  return { post: (url: string, data?: object) => send('post', url, data), put: (url: string, data?: object) => send('put', url, data) };
}

/** The side menu (behind the burger on a phone). */
async function sideNav(page: Page) {
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (await burger.isVisible()) await burger.click();
  return page.getByRole('navigation', { name: 'Side' });
}

test('an author edits a post and a comment; both say "edited"', async ({ page, request }) => {
  const id = unique();
  const author = await createVerifiedUser(request);
  const api = as(request, author.token);
  const post = await api.post('/api/forumPosts', { title: `Draft title ${id}`, content: 'First wording.' });
  await api.post(`/api/forumPosts/${post._id}/comments`, { content: `A comment ${id}` });
  await signIn(page, author.email, author.password);
  await page.goto(`/post/${post._id}`);
  await expect(page.getByRole('heading', { name: `Draft title ${id}`, level: 1 })).toBeVisible();
  const article = page.getByRole('article');
  await expect(article.getByText(/edited/)).toHaveCount(0);

  await article.getByRole('button', { name: 'Edit post' }).click();
  const form = page.getByRole('form', { name: 'Edit post' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByLabel('Title').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Title and content are required.');
  await form.getByLabel('Title').fill(`Final title ${id}`);
  await form.getByLabel('Content').fill('Second, **better** wording.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Final title ${id}`, level: 1 })).toBeVisible();
  await expect(article.locator('strong', { hasText: 'better' })).toBeVisible();
  const mark = article.locator('time', { hasText: /^edited / });
  await expect(mark).toHaveText(/^edited (just now|\d+s ago)$/);
  await expect(mark).toHaveAttribute('title', /^Edited /);

  const comment = page.locator('li', { hasText: `A comment ${id}` });
  await comment.getByRole('button', { name: 'Edit', exact: true }).click();
  const box = page.getByLabel(`Edit comment by ${author.name}`);
  await expect(box).toBeFocused();
  await box.fill(`A clearer comment ${id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  const edited = page.locator('li', { hasText: `A clearer comment ${id}` });
  await expect(edited.locator('time', { hasText: /^edited / })).toBeVisible();
  // The author deletes their own: Delete, never the administrator's action.
  await expect(edited.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove as administrator' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'post-edited');

  // Other readers see the edit and its mark, and no Edit button.
  await signIn(page, DEMO.noah);
  await page.goto(`/post/${post._id}`);
  await expect(page.getByRole('heading', { name: `Final title ${id}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('article').locator('time', { hasText: /^edited / })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
});

test('a community sorts by Latest, Top and Unanswered, kept in the address', async ({ page, request }) => {
  const id = unique();
  const owner = await createVerifiedUser(request);
  const api = as(request, owner.token);
  const community = await api.post('/api/communities', { name: `E2E Sorting ${id}` });
  const answered = await api.post('/api/forumPosts', { title: `Answered ${id}`, content: 'x', communityId: community._id });
  const liked = await api.post('/api/forumPosts', { title: `Most liked ${id}`, content: 'x', communityId: community._id });
  await api.post('/api/forumPosts', { title: `Newest ${id}`, content: 'x', communityId: community._id });
  await api.post(`/api/forumPosts/${answered._id}/comments`, { content: 'An answer' });
  for (const email of [DEMO.amara, DEMO.sofia]) {
    await as(request, await apiLogin(request, email, DEMO_PASSWORD)).post(`/api/forumPosts/${liked._id}/like`, { liked: true });
  }

  await signIn(page, DEMO.liam);
  await page.goto(`/community/${community._id}`);
  const titles = page.getByRole('article').getByRole('heading');
  await expect(titles).toHaveText([`Newest ${id}`, `Most liked ${id}`, `Answered ${id}`]);
  const sortBy = page.getByRole('radiogroup', { name: 'Sort by' });
  await expect(sortBy.getByRole('radio', { name: 'Latest' })).toBeChecked();
  await expectAccessible(page);

  await sortBy.getByText('Top', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=top&period=week/);
  await expect(titles.first()).toHaveText(`Most liked ${id}`);
  const period = page.getByRole('radiogroup', { name: 'Period' });
  await expect(period.getByRole('radio', { name: 'This week' })).toBeChecked();
  await period.getByText('All time', { exact: true }).click();
  await expect(page).toHaveURL(/period=all/);
  await expect(titles.first()).toHaveText(`Most liked ${id}`);
  await expectAccessible(page);
  await screenshot(page, 'community-top');

  await sortBy.getByText('Unanswered', { exact: true }).click();
  await expect(page).toHaveURL(/sort=unanswered/);
  await expect(titles).toHaveText([`Newest ${id}`, `Most liked ${id}`]);
  // A reload (or a shared link) opens the same order.
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Sort by' }).getByRole('radio', { name: 'Unanswered' })).toBeChecked();
  await expect(titles).toHaveText([`Newest ${id}`, `Most liked ${id}`]);

  // The arrow keys move through the choices.
  await page.getByRole('radiogroup', { name: 'Sort by' }).getByRole('radio', { name: 'Unanswered' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/sort=top/);

  await page.goto('/forums?sort=top&period=all');
  await expect(page.getByRole('radiogroup', { name: 'Sort by' }).getByRole('radio', { name: 'Top' })).toBeChecked();
  await expectAccessible(page);
});

test('a member bookmarks a post and finds it in /bookmarks', async ({ page, request }) => {
  const id = unique();
  const member = await createVerifiedUser(request);
  const writer = await createVerifiedUser(request);
  const post = await as(request, writer.token).post('/api/forumPosts', { title: `Worth keeping ${id}`, content: 'Useful notes.' });
  await signIn(page, member.email, member.password);
  await page.goto(`/post/${post._id}`);
  const toggle = page.getByRole('article').getByRole('button', { name: 'Bookmark' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  const nav = await sideNav(page);
  await nav.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(page).toHaveTitle('Bookmarks · Thera Root');
  await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: `Worth keeping ${id}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await screenshot(page, 'bookmarks');

  // Unsaved from the list with the keyboard: it leaves the list.
  await card.getByRole('button', { name: 'Bookmark' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No bookmarks yet. Press Bookmark on a post to save it here.')).toBeVisible();
});

test('the dashboard groups three comments on one post into one item', async ({ page, request }) => {
  const id = unique();
  const owner = await createVerifiedUser(request);
  const api = as(request, owner.token);
  const community = await api.post('/api/communities', { name: `E2E Activity ${id}` });
  const post = await api.post('/api/forumPosts', { title: `Busy thread ${id}`, content: 'x', communityId: community._id });
  for (const n of [1, 2, 3]) await api.post(`/api/forumPosts/${post._id}/comments`, { content: `Comment ${n}` });

  await signIn(page, DEMO.sofia);
  await page.goto('/');
  const activity = page.getByRole('region', { name: 'Recent Activity' });
  const items = activity.getByRole('listitem').filter({ hasText: `Busy thread ${id}` });
  const grouped = items.filter({ hasText: '3 new comments on' });
  await expect(grouped).toHaveCount(1);
  await expect(grouped).toContainText(`by ${owner.name}`);
  await expect(grouped.getByRole('link', { name: `Busy thread ${id}` })).toHaveAttribute('href', `/community/${community._id}/post/${post._id}`);
  await expect(items.filter({ hasText: 'commented on' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'dashboard-grouped');
});

test('an administrator removes others\' posts and comments with a distinct, confirmed action', async ({ page, request }) => {
  const id = unique();
  const author = await createVerifiedUser(request);
  const api = as(request, author.token);
  const post = await api.post('/api/forumPosts', { title: `Off-topic ${id}`, content: 'Not for here.' });
  await api.post(`/api/forumPosts/${post._id}/comments`, { content: `Spammy comment ${id}` });
  await api.post(`/api/forumPosts/${post._id}/comments`, { content: `Fine comment ${id}` });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/post/${post._id}`);
  await expect(page.getByRole('heading', { name: `Off-topic ${id}`, level: 1 })).toBeVisible();
  const article = page.getByRole('article');
  // Only the author deletes: the administrator has no Delete, but a labelled removal.
  await expect(page.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
  const spam = page.locator('li', { hasText: `Spammy comment ${id}` });
  await expect(spam.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await spam.getByRole('button', { name: 'Remove as administrator' }).click();
  const ask = page.getByRole('dialog', { name: 'Remove as administrator' });
  await expect(ask).toContainText('recorded in the audit log');
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Remove comment' }).click();
  await expect(page.getByText(`Spammy comment ${id}`)).toBeHidden();
  await expect(page.getByText(`Fine comment ${id}`)).toBeVisible();

  // Cancelling keeps the post; confirming replaces it with the removal note.
  await article.getByRole('button', { name: 'Remove as administrator' }).click();
  await page.getByRole('dialog', { name: 'Remove as administrator' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: `Off-topic ${id}`, level: 1 })).toBeVisible();
  await article.getByRole('button', { name: 'Remove as administrator' }).click();
  await page.getByRole('dialog', { name: 'Remove as administrator' }).getByRole('button', { name: 'Remove post' }).click();
  await expect(page.getByRole('heading', { name: '[removed by a moderator]', level: 1 })).toBeVisible();
  await expect(article.getByRole('button', { name: 'Remove as administrator' })).toHaveCount(0);
  await screenshot(page, 'post-removed-by-admin');

  // Both removals are in the audit log (a table on a wide screen, a list on a phone).
  await page.goto('/admin/audit');
  const entries = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: `Off-topic ${id}` }).filter({ visible: true });
  await expect(entries.filter({ hasText: 'Removed a post' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Removed a comment' })).toHaveCount(1);
  await expectAccessible(page);
});
