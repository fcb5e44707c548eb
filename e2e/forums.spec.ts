import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, DEMO, DEMO_PASSWORD, apiLogin, expectAccessible, screenshot, signIn, untilLive, randomWord } from './support.ts';

// Desktop and mobile run side by side on one server: every name made here is unique.
const unique = () => randomWord(3);

async function asSofia(request: APIRequestContext) {
  const token = await apiLogin(request, DEMO.sofia, DEMO_PASSWORD);
  const headers = { 'x-auth-token': token };
  return {
    async post(url: string, data: object) {
      const res = await request.post(url, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    },
  };
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992;

/** On a phone the forum's community columns fold behind one button above the posts: opened here. */
async function showCommunities(page: Page) {
  if (!isPhone(page)) return;
  const toggle = page.getByRole('button', { name: 'Communities', exact: true });
  await untilLive(toggle);
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide communities' })).toHaveAttribute('aria-expanded', 'true');
}

/** Checks the open confirmation dialog's text, confirms, and waits for it to close. */
async function confirmDelete(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a therapist creates a community, posts, comments, replies, likes, deletes and searches', async ({ page }) => {
  const id = unique();
  const name = `E2E Circle ${id}`;
  const title = `Pacing notes ${id}`;
  const marker = `zebrafinch${id}`;
  await signIn(page, DEMO.liam);

  await page.goto('/communities');
  await expect(page.getByRole('heading', { name: 'All Communities', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'communities');

  await page.getByRole('button', { name: 'Create Community' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Community' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Peer consultation on pacing trauma work.');
  // Comma-separated, with an empty item and stray spaces: trimmed and the empty one dropped.
  await dialog.getByLabel('Specialties').pressSequentially('Grief, , trauma and ptsd');
  await dialog.getByLabel('Name').click();
  await expect(dialog.getByText('Grief', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'create-community');
  await dialog.getByRole('button', { name: 'Create Community' }).click();

  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Trauma and PTSD', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Joined ${name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('No posts found in this community.')).toBeVisible();
  await expect(page.getByText('1 member · 0 posts')).toBeVisible();

  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Title and content are required.');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(`How do you **pace** ${marker}?\n\n<script>window.__xss = 1</script>\n\n[a bad link](javascript:window.__xss=2)`);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByRole('link', { name: title }).click();

  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'pace' })).toBeVisible();
  // The Markdown was shown as text: no script ran and the javascript: link lost its target.
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.getByText('a bad link')).not.toHaveAttribute('href', /javascript/);

  const postLike = page.getByRole('article').getByRole('button', { name: /^Like/ });
  await expect(postLike).toHaveAttribute('aria-pressed', 'false');
  await postLike.click();
  await expect(postLike).toHaveAttribute('aria-pressed', 'true');
  await expect(postLike).toHaveText(/Like 1/);

  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Comment is required.')).toBeVisible();
  await page.getByLabel('Add a comment').fill(`First thoughts ${id}`);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const first = page.locator('li', { hasText: `First thoughts ${id}` }).first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

  await first.getByRole('button', { name: 'Reply' }).click();
  await first.getByLabel(/^Reply to/).fill(`A reply ${id}`);
  await first.getByRole('button', { name: 'Reply', exact: true }).last().click();
  // The reply sits inside its parent's list item: the tree is nested.
  await expect(first.locator('li', { hasText: `A reply ${id}` })).toBeVisible();

  const commentLike = first.getByRole('button', { name: /^Like/ }).first();
  await commentLike.click();
  await expect(commentLike).toHaveAttribute('aria-pressed', 'true');

  await first.getByRole('button', { name: 'Hide replies (1)' }).click();
  await expect(page.getByText(`A reply ${id}`)).toBeHidden();
  await first.getByRole('button', { name: 'Show replies (1)' }).click();
  await expect(page.getByText(`A reply ${id}`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'post');

  // A comment with a reply becomes '[deleted]' and keeps the reply.
  await first.getByRole('button', { name: 'Delete' }).first().click();
  await confirmDelete(page, 'Are you sure you want to delete this comment?');
  await expect(page.getByText('[deleted]')).toBeVisible();
  await expect(page.getByText(`A reply ${id}`)).toBeVisible();
  // Its last reply goes, and the '[deleted]' comment goes with it.
  await page.locator('li', { hasText: `A reply ${id}` }).last().getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page, 'Are you sure you want to delete this comment?');
  await expect(page.getByText('No comments yet.')).toBeVisible();

  await page.goto('/forums');
  await page.getByPlaceholder('Search all posts...').fill(marker);
  const hit = page.getByRole('article').filter({ hasText: title });
  await expect(hit.locator('mark', { hasText: marker })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'forums-search');
  await page.getByPlaceholder('Search all posts...').fill(`nothingmatches${id}`);
  await expect(page.getByText('No posts found.')).toBeVisible();

  // Deleting the post goes back to its community.
  await page.getByPlaceholder('Search all posts...').fill(marker);
  await hit.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Delete post' }).click();
  await confirmDelete(page, 'Are you sure you want to delete this post?');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('No posts found in this community.')).toBeVisible();
});

test('a therapist sees why a community is recommended, joins it and leaves it', async ({ page, request }) => {
  const name = `E2E Recommended ${unique()}`;
  const sofia = await asSofia(request);
  // Liam's own tags (demo data): the community ranks first among his recommendations.
  const community = await sofia.post('/api/communities', {
    name, description: 'For child and family work.',
    specialties: ['ADHD', 'Autism', 'Child', 'Parenting'], modalities: ['EMDR', 'Somatic', 'IFS'], demographics: ['Children (6-10)', 'Preteen', 'Teen'],
  });
  await signIn(page, DEMO.liam);
  await page.goto('/forums');
  await expect(page.getByRole('heading', { name: 'Forums', level: 1 })).toBeVisible();
  await showCommunities(page);
  const recommended = page.getByRole('region', { name: 'Recommended For You' });
  const item = recommended.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByText('ADHD', { exact: true })).toBeVisible();
  await expect(item.getByText('Matches:')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'forums');

  await item.getByRole('button', { name: `Join ${name}` }).click();
  await expect(page.getByRole('region', { name: 'My Communities' }).getByRole('link', { name })).toBeVisible();

  await page.goto(`/community/${community._id}`);
  const toggle = page.getByRole('button', { name: `Joined ${name}` });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('2 members')).toBeVisible();
  // Pointing at Joined offers to leave; leaving asks first, and declining keeps the membership.
  await toggle.hover();
  const leave = page.getByRole('button', { name: `Leave ${name}` });
  await expect(leave).toHaveAttribute('aria-pressed', 'true');
  await leave.click();
  const ask = page.getByRole('dialog', { name: `Leave ${name}?` });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('2 members')).toBeVisible();
  const membership = page.getByRole('button', { name: new RegExp(`^(Joined|Leave) ${name}$`) });
  await expect(membership).toHaveAttribute('aria-pressed', 'true');
  await membership.click();
  await page.getByRole('dialog', { name: `Leave ${name}?` }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('button', { name: `Join ${name}` })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('1 member ·')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'community-left');
});

test('an administrator bulk-deletes comments and deletes a community', async ({ page, request }) => {
  const id = unique();
  const sofia = await asSofia(request);
  const post = await sofia.post('/api/forumPosts', { title: `Moderation ${id}`, content: 'A post that attracts spam.' });
  for (const text of ['keep me', 'spam one', 'spam two']) await sofia.post(`/api/forumPosts/${post._id}/comments`, { content: `${text} ${id}` });
  const communityName = `E2E Doomed ${id}`;
  await sofia.post('/api/communities', { name: communityName });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/post/${post._id}`);
  await expect(page.getByRole('heading', { name: `Moderation ${id}`, level: 1 })).toBeVisible();
  const select = page.getByRole('checkbox', { name: /^Select comment by/ });
  await expect(select).toHaveCount(3);
  await page.locator('li', { hasText: `spam one ${id}` }).getByRole('checkbox').check();
  await page.locator('li', { hasText: `spam two ${id}` }).getByRole('checkbox').check();
  await expectAccessible(page);
  await screenshot(page, 'post-admin');
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await expectAccessible(page);
  await confirmDelete(page, 'Are you sure you want to delete 2 comments?');
  await expect(page.getByText(`spam one ${id}`)).toBeHidden();
  await expect(page.getByText(`spam two ${id}`)).toBeHidden();
  await expect(page.getByText(`keep me ${id}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

  // Back from a post outside any community goes to the forums.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/forums$/);
  await showCommunities(page);
  const column = page.getByRole('region', { name: 'Communities', exact: true });
  await column.getByRole('button', { name: `Delete community ${communityName}` }).click();
  await confirmDelete(page, 'Are you sure you want to permanently delete this community?');
  await expect(column.getByRole('link', { name: communityName })).toBeHidden();
});

test('a missing post shows the spec\'s error texts', async ({ page }) => {
  await signIn(page, DEMO.liam);
  await page.goto('/post/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Post not found.')).toBeVisible();
  await expect(page.getByText('The post might have been removed or the link is incorrect.')).toBeVisible();
  await page.goto('/post/not-a-uuid');
  await expect(page.getByText('Failed to fetch post. Status: 400')).toBeVisible();
  await expectAccessible(page);
});

test('a community\'s posts load 20 at a time as the reader scrolls', async ({ page, request }) => {
  const id = unique();
  const sofia = await asSofia(request);
  const community = await sofia.post('/api/communities', { name: `E2E Busy ${id}` });
  for (let i = 1; i <= 23; i++) await sofia.post('/api/forumPosts', { title: `Busy post ${i} ${id}`, content: 'More to read.', communityId: community._id });
  await signIn(page, DEMO.liam);
  await page.goto(`/community/${community._id}`);
  const posts = page.getByRole('article');
  await expect(posts).toHaveCount(20);
  await expect(posts.first()).toContainText(`Busy post 23 ${id}`);
  // Reaching the end of the list loads the next page (the Load more button is the fallback).
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(posts).toHaveCount(23);
  await expect(posts.last()).toContainText(`Busy post 1 ${id}`);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
});

test('the forums open on their posts: the first post is in the first screen, and the communities are a tap away', async ({ page }) => {
  await signIn(page, DEMO.liam);
  await page.goto('/forums');
  const first = page.getByRole('main').getByRole('article').first();
  await expect(first).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.y).toBeLessThan(page.viewportSize()!.height - 100);
  await expect(first).toBeInViewport();
  const communities = page.getByRole('region', { name: 'Communities', exact: true });
  if (isPhone(page)) {
    await expect(communities).toBeHidden();
    await showCommunities(page);
    await expect(communities).toBeVisible();
    await expect(page.getByRole('region', { name: 'My Communities' })).toBeVisible();
  } else {
    await expect(page.getByRole('button', { name: 'Communities', exact: true })).toBeHidden();
    await expect(communities).toBeVisible();
  }
  await expectAccessible(page);
  await screenshot(page, 'forums-posts-first');
});
