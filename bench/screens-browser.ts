// How long a screen takes to become usable in Chromium: a cold cache (a new context each time), a phone's viewport and a
// 4x slower CPU. The time is from navigation start to the frame after the screen's chosen element appears.
import type { Browser } from '@playwright/test';
import { MEMBER_HINT_COOKIE } from '../common/member-hint.ts';
import { PAGE_SESSION_COOKIE } from '../common/member-page.ts';

export type Screen = { name: string; path: string; selector: string; signedIn: boolean };

export type Request = { path: string; start: number; end: number; step: number };
export type Sample = { ms: number; liveMs: number; requests: Request[]; steps: number };

export const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Installed before any page script: notes the frame after the selector first matches, so polling adds nothing; and
// the frame in which React first owns that element (its props attached: a drawn page taken over, or the app's own
// render), from when a tap on it does something. Taking a page over changes no node, so that one is checked per frame.
const WATCH = (selector: string) => {
  const w = window as unknown as { __usableAt?: number; __liveAt?: number };
  const check = () => {
    if (w.__usableAt !== undefined || !document.querySelector(selector)) return;
    w.__usableAt = -1;
    requestAnimationFrame(() => { w.__usableAt = performance.now(); });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  const live = () => {
    const element = document.querySelector(selector);
    if (element && Object.keys(element).some((key) => key.startsWith('__reactProps'))) w.__liveAt = performance.now();
    else requestAnimationFrame(live);
  };
  requestAnimationFrame(live);
};

/**
 * What a signed-in member's browser carries besides the token: the page cookie (docs/decisions/0104) and the hint the
 * app sets (0099). A build that knows neither ignores them.
 */
function memberCookies(origin: string, token: string) {
  const domain = new URL(origin).hostname;
  const cookie = { domain, path: '/', expires: -1, secure: false, sameSite: 'Strict' as const };
  return [{ ...cookie, name: PAGE_SESSION_COOKIE, value: token, httpOnly: true }, { ...cookie, name: MEMBER_HINT_COOKIE, value: '1', httpOnly: false }];
}

/** One cold visit: its time to usable and its request waterfall (from the page's own resource timing). */
export async function visit(browser: Browser, origin: string, screen: Screen, token: string, locale = 'en'): Promise<Sample> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 1,
    storageState: {
      cookies: screen.signedIn ? memberCookies(origin, token) : [],
      origins: screen.signedIn ? [{ origin, localStorage: [{ name: 'token', value: token }] }] : [],
    },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(WATCH, screen.selector);
    await page.goto(origin + screen.path, { waitUntil: 'commit' });
    await page.waitForFunction(() => {
      const w = window as unknown as { __usableAt?: number; __liveAt?: number };
      return (w.__usableAt ?? -1) > 0 && w.__liveAt !== undefined;
    }, null, { timeout: 30_000, polling: 50 });
    const { ms, liveMs, entries } = await page.evaluate(() => ({
      ms: (window as unknown as { __usableAt: number }).__usableAt,
      liveMs: (window as unknown as { __liveAt: number }).__liveAt,
      entries: performance.getEntriesByType('resource').map((e) => {
        const r = e as PerformanceResourceTiming;
        return { path: new URL(r.name).pathname + new URL(r.name).search, start: r.startTime, end: r.responseEnd };
      }),
    }));
    const document = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd);
    const requests = waterfall([{ path: screen.path, start: 0, end: document }, ...entries.filter((e) => e.start < ms)]);
    return { ms: Math.round(ms), liveMs: Math.round(liveMs), requests, steps: Math.max(...requests.map((r) => r.step)) };
  } finally {
    await context.close();
  }
}

/** Each request's step: one more than the latest step that had finished before it started (its longest possible chain). */
function waterfall(entries: { path: string; start: number; end: number }[]): Request[] {
  const done: Request[] = [];
  for (const e of [...entries].sort((a, b) => a.start - b.start)) {
    const before = done.filter((d) => d.end <= e.start + 1).map((d) => d.step);
    done.push({ path: e.path.replace(/^\/assets\//, ''), start: Math.round(e.start), end: Math.round(e.end), step: 1 + Math.max(0, ...before) });
  }
  return done;
}

export function summary(samples: Sample[]) {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const typical = samples.find((s) => s.ms === median) ?? samples[0];
  const live = samples.map((s) => s.liveMs).sort((a, b) => a - b);
  return {
    medianMs: median, worstMs: times[times.length - 1], runsMs: samples.map((s) => s.ms),
    liveMedianMs: live[Math.floor(live.length / 2)], liveWorstMs: live[live.length - 1], liveRunsMs: samples.map((s) => s.liveMs),
    requestsBeforeUsable: typical.requests.length, sequentialSteps: typical.steps, waterfall: typical.requests,
  };
}
