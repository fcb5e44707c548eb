import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, DEMO, DEMO_PASSWORD, apiLogin, expectAccessible, screenshot, signIn, randomWord } from './support.ts';

// Desktop and mobile run side by side on one server: every text made here is unique.
const unique = () => randomWord(3);

/** Sofia posts, writes a comment and replies to it (the reply keeps the removed comment's place as a tombstone). */
async function threadWithComment(request: APIRequestContext, marker: string) {
  const headers = { 'x-auth-token': await apiLogin(request, DEMO.sofia, DEMO_PASSWORD) };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const created = await post('/api/forumPosts', { title: `Supervision question ${marker}`, content: 'How do you pace grief work?' });
  const comment = await post(`/api/forumPosts/${created._id}/comments`, { content: `Offensive remark ${marker}` });
  const commentId = comment._id ?? comment.comment?._id;
  await post(`/api/forumPosts/comments/${commentId}/reply`, { content: `A reply below ${marker}` });
  return { postId: created._id as string, commentId: commentId as string };
}

test('a member reports a comment, the administrator removes it, the thread shows the tombstone', async ({ page }) => {
  const marker = unique();
  const { postId, commentId } = await threadWithComment(page.request, marker);

  await signIn(page, DEMO.liam);
  await page.goto(`/post/${postId}`);
  // The first Report button in the comment's item is its own (its reply's follows).
  await page.locator(`#comment-${commentId}`).getByRole('button', { name: 'Report comment by Sofia Rossi' }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Report comment by / });
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please describe the problem when the reason is "Other".');
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByLabel('Details').fill('Demeaning towards a colleague.');
  await expectAccessible(page);
  await screenshot(page, 'report-dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you. The moderators will review your report.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const item = page.getByRole('article').filter({ hasText: `Offensive remark ${marker}` });
  await expect(item.getByText('Harassment')).toBeVisible();
  await expect(item.getByText('“Demeaning towards a colleague.”')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-reports');
  await item.getByLabel('Note (optional)').fill('Personal attack.');
  await item.getByRole('button', { name: 'Remove content' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove content' });
  await confirm.getByRole('button', { name: 'Remove content' }).click();
  await expect(page.getByRole('article').filter({ hasText: `Offensive remark ${marker}` })).toHaveCount(0);

  await page.goto(`/post/${postId}`);
  await expect(page.getByText(`A reply below ${marker}`)).toBeVisible();
  await expect(page.getByText('[deleted]')).toBeVisible();
  await expect(page.getByText(`Offensive remark ${marker}`)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'thread-tombstone');
});
