import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, screenshot, signIn, untilLive } from './support.ts';

test.describe('public site', () => {
  test('landing page: hero, What\'s THERA ROOT, featured therapists, quote, FAQ', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    const response = await page.goto('/');
    // Drawn by the server (docs/decisions/0099), then taken over without React drawing it again or complaining.
    const served = await response!.text();
    expect(served).toContain('A professional network for therapists to connect, collaborate, and grow.');
    expect(served).toContain('<title>Home · Thera Root</title>');
    expect(served).not.toMatch(/<script(?![^>]*src=)/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A professional network for therapists to connect, collaborate, and grow.');
    await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/register');
    // The hero's right half holds the illustration the footer credits, on wide screens; phones keep the text alone.
    const illustration = page.getByTestId('hero-illustration');
    if ((page.viewportSize()?.width ?? 0) >= 992) await expect(illustration.locator('svg')).toBeVisible();
    else await expect(illustration).toBeHidden();
    await expect(page.getByRole('heading', { name: "What's THERA ROOT" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Therapists' })).toBeVisible();
    const cards = page.locator('a[href^="/profile/"]');
    await expect(cards).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'View All Therapists' }).first()).toHaveAttribute('href', '/therapists');
    await expect(page.getByText('The curious paradox is that when I accept myself')).toBeVisible();
    await expect(page.locator('#faq')).toBeVisible();
    await screenshot(page, 'landing');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('FAQ: two groups, one item open at a time, and it can be collapsed', async ({ page }) => {
    await page.goto('/#faq');
    await expect(page.getByRole('heading', { name: 'General Questions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Navigating and How-Tos' })).toBeVisible();
    const faq = page.locator('#faq');
    await expect(faq.locator('[data-accordion-control]')).toHaveCount(13);
    const cost = faq.getByRole('button', { name: 'How much does it cost?' });
    const find = faq.getByRole('button', { name: 'How do I find therapists?' });
    await untilLive(cost);
    await cost.click();
    await expect(cost).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText('Thera Root is free for now.')).toBeVisible();
    await find.click();
    await expect(find).toHaveAttribute('aria-expanded', 'true');
    await expect(cost).toHaveAttribute('aria-expanded', 'false');
    await find.click();
    await expect(find).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.locator('[data-accordion-control][aria-expanded="true"]')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('signed-out navigation and the fallback to login', async ({ page, isMobile }) => {
    await page.goto('/');
    if (isMobile) {
      await untilLive(page.getByRole('button', { name: 'Toggle navigation' }));
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      for (const name of ['Home', 'Resources', 'FAQ', 'Login', 'Register']) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      await screenshot(page, 'public-menu');
      await menu.getByRole('link', { name: 'Login', exact: true }).click();
    } else {
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Home', 'Resources', 'FAQ', 'Login', 'Register']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await nav.getByRole('link', { name: 'Login', exact: true }).click();
    }
    await expect(page).toHaveURL(/\/login$/);
    // A protected address keeps itself as ?next=, to return there after signing in.
    await page.goto('/forums');
    await expect(page).toHaveURL(/\/login\?next=%2Fforums$/);
    await page.goto('/some/unknown/path');
    await expect(page).toHaveURL(/\/login\?next=%2Fsome%2Funknown%2Fpath$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} Thera Root`)).toBeVisible();
    await expectAccessible(page);
  });

  test('the top bar turns opaque after 10px of scroll', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Therapists' })).toBeVisible();
    const header = page.locator('header').first();
    await expect(header).not.toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });
});

test.describe('signed-in layout', () => {
  test('navigation, unknown paths show the dashboard, logout goes to the site root', async ({ page, isMobile }) => {
    await signIn(page, DEMO.noah);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    if (isMobile) await page.getByRole('button', { name: 'Toggle navigation' }).click();
    // One navigation, beside the page on a wide screen and behind the burger on a phone.
    const side = page.getByRole('navigation', { name: 'Side' });
    for (const name of ['Home', 'Forums', 'Chat', 'Resources', 'FAQ', 'Therapists', 'My Profile']) await expect(side.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(side.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await screenshot(page, 'signed-in-nav');
    await expectAccessible(page);
    await side.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
