import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { io } from 'socket.io-client';
import { ADMIN, BASE_URL, E2E_DIR, E2E_MAILBOX } from './env.ts';

export { ADMIN };
export const DEMO_PASSWORD = 'demo-therapist-2026';
// Demo therapists seeded on the e2e server (verified); see server/seed/demo-data.ts.
export const DEMO = {
  amara: 'amara.okafor@demo.thera-root.local',
  liam: 'liam.chen@demo.thera-root.local',
  sofia: 'sofia.rossi@demo.thera-root.local',
  noah: 'noah.tremblay@demo.thera-root.local',
};

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token;
}

/** Signs the page in through the API and stores the token where the app keeps it. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<string> {
  const token = await apiLogin(page.request, email, password);
  await page.goto('/faq');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  // What the app's own sign-in leaves too: the hint that spares a member the visitors' prerendered landing page.
  await page.context().addCookies([{ name: 'thera_member', value: '1', url: page.url() }]);
  return token;
}

/**
 * The landing page arrives drawn before its code has run (docs/decisions/0099): a button there does nothing until React
 * has taken it over. Links work either way. Wait for that before pressing a button.
 */
export async function untilLive(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))).toBe(true);
}

export type NewUser = { id: string; name: string; email: string; password: string; token: string };

/** Registers a new therapist whose licence waits for an administrator (a pending member). */
export async function registerPendingUser(
  request: APIRequestContext, name = `E2E Therapist ${randomBytes(3).toString('hex')}`,
): Promise<{ email: string; password: string }> {
  const email = `e2e-${randomBytes(5).toString('hex')}@example.test`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const register = await request.post('/api/users/register', {
    data: {
      name, email, password, confirmPassword: password, profession: 'Registered Psychotherapist',
      licenceNumber: `E2E-${randomBytes(3).toString('hex')}`, licensingBody: 'CRPO', region: 'ON', country: 'Canada', licenceExpiresOn: '2031-12-31',
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  return { email, password };
}

/** Registers a new therapist and has the administrator approve the licence (signed in once by the caller, if many). */
export async function createVerifiedUser(
  request: APIRequestContext, name = `E2E Therapist ${randomBytes(3).toString('hex')}`, adminToken?: string,
): Promise<NewUser> {
  const { email, password } = await registerPendingUser(request, name);
  const admin = adminToken ?? await apiLogin(request, ADMIN.email, ADMIN.password);
  const token = await apiLogin(request, email, password);
  const me = await (await request.get('/api/users/me', { headers: { 'x-auth-token': token } })).json();
  const decision = await request.patch(`/api/admin/verifications/${me._id}`, {
    headers: { 'x-auth-token': admin }, data: { approved: true },
  });
  expect(decision.status(), await decision.text()).toBe(200);
  return { id: me._id, name, email, password, token };
}

/** A second browser (own storage, same viewport as the test's project) signed in as the user; close it with page.context(). */
export async function secondBrowser(browser: Browser, testInfo: TestInfo, user: Pick<NewUser, 'email' | 'password'>): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  return page;
}

/** `from` opens a one-to-one conversation with `to` through the API; answers its id. */
export async function startConversation(request: APIRequestContext, from: Pick<NewUser, 'token'>, to: Pick<NewUser, 'id'>): Promise<string> {
  const res = await request.post('/api/conversations', { headers: { 'x-auth-token': from.token }, data: { recipientId: to.id } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json())._id;
}

/** axe: no serious or critical violation on the page as it is now, once opening transitions have ended. */
export async function expectAccessible(page: Page): Promise<void> {
  // A dialog fading in is half transparent: axe would measure the contrast of colours nobody sees once it has opened.
  // Endless animations (spinners) are not waited for.
  await page.waitForFunction(() => document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The newest mail to an address on the loopback SMTP server, waiting for it to arrive. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(E2E_MAILBOX) ? fs.readdirSync(E2E_MAILBOX).filter((f) => f.endsWith(`-${to}.eml`)).sort() : [];
    // Undo quoted-printable soft line breaks so links read whole.
    if (files.length) return fs.readFileSync(path.join(E2E_MAILBOX, files[files.length - 1]), 'utf8').replace(/=\r?\n/g, '');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const project = page.viewportSize()?.width === 390 ? 'mobile' : 'desktop';
  await page.screenshot({ path: `test-results/screens/${name}-${project}.png`, fullPage: true });
}

/**
 * Runs `fn` while no other worker of this e2e run holds the lock `name`: for checks of something global, like
 * "the latest resource", which the desktop and mobile projects would otherwise change under each other.
 */
export async function withLock<T>(name: string, fn: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const dir = path.join(E2E_DIR, `lock-${name}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`lock ${name} still held after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Picks options of a searchable Mantine (multi-)select inside `within` by typing, as a keyboard user would, then
 * choosing the listed option. Never Enter: on a dropdown whose options are not drawn yet (a busy machine), Enter
 * submits the form, which then ran the search with what the form held so far and redrew it empty (the directory test
 * lost its typed location that way). The option is chosen once it is in the page, shown or not (phone emulation
 * sometimes draws it outside the viewport).
 */
export async function pickOptions(within: Locator, label: string, options: string[]): Promise<void> {
  const input = within.getByRole('combobox', { name: label });
  for (const option of options) {
    await input.focus();
    await input.fill('');
    await input.pressSequentially(option);
    const listed = within.page().getByRole('option', { name: option, exact: true });
    await expect(listed).toBeAttached({ timeout: 20_000 });
    await listed.dispatchEvent('click');
  }
  await input.press('Escape');
}

/**
 * The directory's filter form, opened: on a phone it folds behind its "Filters" button. The
 * page's heading is waited for first, since the button's visibility is known only once the page has rendered (an
 * earlier helper that looked before then raced it); then the button is pressed if the form is folded.
 */
export async function showFilters(page: Page): Promise<Locator> {
  await expect(page.getByRole('heading', { name: 'Therapist Network', level: 1 })).toBeVisible();
  const fold = page.getByRole('main').getByRole('button', { name: /^Filters/ });
  if (await fold.isVisible() && (await fold.getAttribute('aria-expanded')) === 'false') {
    // A member's /therapists may arrive drawn by the server (docs/decisions/0104): the button answers after the takeover.
    await untilLive(fold);
    await fold.click();
  }
  const form = page.getByRole('search', { name: 'Filter therapists' });
  await expect(form).toBeVisible();
  return form;
}

/** Runs the directory's search (the form's own Search button, not the top bar's). */
export async function searchDirectory(page: Page): Promise<void> {
  await page.getByRole('search', { name: 'Filter therapists' }).getByRole('button', { name: 'Search', exact: true }).click();
}

/** `user` sends a chat message from a socket of their own (no page of theirs open), stored or the test fails. */
export async function say(user: NewUser, conversationId: string, text: string) {
  const socket = io(BASE_URL, { path: '/socket.io', transports: ['websocket'], auth: { token: user.token }, forceNew: true });
  try {
    expect(await socket.timeout(10_000).emitWithAck('sendMessage', { conversationId, text })).not.toHaveProperty('msg');
  } finally {
    socket.disconnect();
  }
}

/**
 * A tag that makes a test's data its own, in letters only: digits beside words can read as a street address or a
 * card number to the client-privacy guard, which would then ask about a forum post (rightly, for a member).
 */
export const randomWord = (bytes = 3): string =>
  [...randomBytes(bytes * 2)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
