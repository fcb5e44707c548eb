// The pseudo-locale sweep (issue 37, docs/decisions/0272): the app drawn in en-XA (every catalogue message accented,
// its vowels doubled, in brackets: "[Šéééttîîñĝš]"), each route's visible text read, and any word still in plain
// English reported: that text does not come from the catalogue. The app shell (navigation, header, footer, titles,
// loaders) must have none; a screen whose feature folder is still listed in eslint.config.js's NOT_YET_TRANSLATED is
// reported but not failed, until its folder leaves that list. The page must not overflow sideways with words 40 %
// longer, at either width.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, type NewUser } from './support.ts';

// The app's test hook (web/lib/i18n.tsx): never set for members.
const PSEUDO_HOOK = 'thera_pseudo_locale';

/** The feature folders whose screens are not translated yet, as eslint.config.js lists them. */
const notYetTranslated = new Set([...fs.readFileSync('eslint.config.js', 'utf8')
  .matchAll(/'web\/features\/([a-z-]+)\/\*\*'/g)].map((m) => m[1]));

// Words that are names, not English: the product's and the software's. Relative times in English's compact form ("5m
// ago") are the spec's, written by web/lib/time.ts for English and en-XA alike.
const NAMES = /Thera Root|Mantine|React|\b(just now|\d+(s|m|h|d|mo|y) ago)\b/g;

// Screens translated in their own code whose page still shows text from elsewhere, reported rather than failed until
// that is fixed (issue 37): the dashboard's onboarding steps are labelled by the server in English, and its activity
// lines put a community's or a post's name in the same text as the catalogue's words (not yet marked translate="no").
const KNOWN_GAPS = new Set(['dashboard']);

type Found = { text: string; where: 'shell' | 'screen' };

/** Visible text (and text in labels, placeholders and titles) with two plain Latin letters in a row. */
async function untranslated(page: Page, ignore: string[]): Promise<Found[]> {
  return page.evaluate(({ ignore, names }) => {
    const plain = (text: string) => {
      let rest = text.replace(new RegExp(names, 'g'), '');
      for (const data of ignore) rest = rest.split(data).join('');
      return /[A-Za-z]{2,}/.test(rest);
    };
    const found: { text: string; where: 'shell' | 'screen' }[] = [];
    const note = (text: string, element: Element) => {
      // Text in a language of its own (the language switch's "English", "Français") is not to be translated, nor
      // what members wrote or are called, marked as HTML marks it: translate="no".
      if (element.closest('[lang]:not(html), [translate="no"]')) return;
      if (!plain(text)) return;
      found.push({ text: text.trim().slice(0, 120), where: element.closest('main') ? 'screen' : 'shell' });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent ?? '';
      if (!element || !text.trim() || element.closest('script, style, noscript')) continue;
      if (!element.checkVisibility({ visibilityProperty: true }) && !element.closest('.sr-only, [class*="VisuallyHidden"]')) continue;
      note(text, element);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      // visibility: hidden too: Mantine's autosize textarea measures text in a hidden copy named "autosize measurement".
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value) note(value, element);
      }
    }
    if (plain(document.title)) found.push({ text: `<title> ${document.title}`, where: 'shell' });
    return [...new Map(found.map((f) => [f.text, f])).values()];
  }, { ignore, names: NAMES.source });
}

async function sweep(page: Page, path: string, feature: string, ready: (page: Page) => Promise<void>, ignore: string[] = []) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await ready(page);
  // No screen still loading (PageLoader's spinner).
  await expect(page.locator('[role="status"] .mantine-Loader-root')).toHaveCount(0);
  const found = await untranslated(page, ignore);
  const shell = found.filter((f) => f.where === 'shell').map((f) => f.text);
  const screen = found.filter((f) => f.where === 'screen').map((f) => f.text);
  if (screen.length && notYetTranslated.has(feature)) {
    test.info().annotations.push({ type: 'untranslated', description: `${path} (${feature}, not yet translated): ${screen.length} texts, e.g. ${screen.slice(0, 5).join(' | ')}` });
  }
  expect(shell, `${path}: the app shell shows text that is not from the catalogue`).toEqual([]);
  if (KNOWN_GAPS.has(feature)) {
    test.info().annotations.push({ type: 'known gap', description: `${path} (${feature}): ${screen.length} texts, e.g. ${screen.slice(0, 5).join(' | ')}` });
  } else if (!notYetTranslated.has(feature)) expect(screen, `${path}: the ${feature} screen shows text that is not from the catalogue`).toEqual([]);
  // Words 40 % longer must not push the page sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} overflows sideways in the pseudo-locale`).toBeLessThanOrEqual(0);
}

test.describe('pseudo-locale sweep', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, '1'), PSEUDO_HOOK);
  });

  test('visitor routes: landing, sign-in, registration', async ({ page }) => {
    await sweep(page, '/', 'landing', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
    await sweep(page, '/login', 'accounts', (p) => expect(p.locator('form')).toBeVisible());
    await sweep(page, '/register', 'accounts', (p) => expect(p.locator('form')).toBeVisible());
  });

  test('member routes: the forums, a community, a post with a comment, bookmarks', async ({ page, request }) => {
    const user: NewUser = await createVerifiedUser(request);
    const headers = { 'x-auth-token': user.token };
    const community = (await (await request.get('/api/communities?page=1&limit=1', { headers })).json()).communities[0];
    const post = await request.post('/api/forumPosts', { headers, data: { title: `Sweep ${user.name}`, content: 'Anyone?' } });
    expect(post.status(), await post.text()).toBe(201);
    const { _id: postId } = await post.json();
    const comment = await request.post(`/api/forumPosts/${postId}/comments`, { headers, data: { content: 'Yes.' } });
    expect(comment.status(), await comment.text()).toBe(201);
    await signIn(page, user.email, user.password);
    // What members wrote and are called is marked translate="no" on these screens; the member's own name is in the shell.
    const ignore = [user.name, user.email];
    const posts = (p: Page) => expect(p.getByRole('article').first()).toBeVisible();
    await sweep(page, '/forums', 'forums', posts, ignore);
    await sweep(page, '/communities', 'forums', posts, ignore);
    await sweep(page, `/community/${community._id}`, 'forums', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), ignore);
    await sweep(page, `/post/${postId}`, 'forums', (p) => expect(p.getByRole('listitem').filter({ hasText: 'Yes.' })).toBeVisible(), ignore);
    await sweep(page, '/bookmarks', 'forums', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), ignore);
  });

  test('member routes: dashboard, settings', async ({ page, request }) => {
    const user: NewUser = await createVerifiedUser(request);
    await signIn(page, user.email, user.password);
    const ignore = [user.name, user.email];
    await sweep(page, '/', 'dashboard', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), ignore);
    await sweep(page, '/settings', 'settings', (p) => expect(p.getByRole('tablist')).toBeVisible(), ignore);
    if ((page.viewportSize()?.width ?? 0) < 768) {
      // The phone's menu, behind the burger: its items too.
      await page.locator('header button[aria-expanded]').first().click();
      await expect(page.getByRole('navigation').last()).toBeVisible();
      expect((await untranslated(page, ignore)).filter((f) => f.where === 'shell').map((f) => f.text)).toEqual([]);
    }
  });
});
