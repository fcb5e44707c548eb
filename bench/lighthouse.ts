// The installable app's figures: Lighthouse on the landing page with its default (mobile) settings in Debian's
// Chromium, with the service worker and with its script blocked (the worker's effect on the score), plus what Lighthouse
// no longer reports. Lighthouse 12 removed the PWA category and its installability audit; the check it ran was
// Chromium's own, which CDP still answers (Page.getInstallabilityErrors, Page.getAppManifest): those are read here.
// Writes bench/results/lighthouse.json. Usage: node bench/lighthouse.ts (PGlite; the web build is made if missing)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouseRun from 'lighthouse';
import { cachedWebBuild } from '../scripts/web-build-cache.ts';
import { createTestContext, baseUrl } from '../server/test/harness.ts';
import { writeResult } from './lib.ts';
import { watchLoad } from './machine.ts';
import { CHROMIUM_ARGS } from './screens-browser.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

type Report = NonNullable<Awaited<ReturnType<typeof lighthouseRun>>>['lhr'];

/** The pass-or-fail audits of a category that failed, with their first few findings. */
function failedAudits(lhr: Report, category: string) {
  return (lhr.categories[category]?.auditRefs ?? []).map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => ({ id: a.id, items: JSON.stringify((a.details as { items?: unknown[] } | undefined)?.items?.slice(0, 3) ?? []).slice(0, 600) }));
}

async function lighthouse(url: string, blockWorker: boolean) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouseRun(url, {
      port: chrome.port, onlyCategories: CATEGORIES, output: 'json', logLevel: 'error',
      ...(blockWorker ? { blockedUrlPatterns: ['*/sw.js'] } : {}),
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
      metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue])),
      failedBestPractices: failedAudits(lhr, 'best-practices'),
      failedSeo: failedAudits(lhr, 'seo'),
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    chrome.kill();
  }
}

/** Chromium's installability verdict (what Lighthouse's removed "installable-manifest" audit reported). */
async function installability(url: string) {
  // A persistent profile: Chromium refuses to install from an incognito context, which is what browser.newContext() is.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-lh-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    // The worker takes over the open page once it is activated (it claims its clients).
    // (page.evaluate, not waitForFunction: an async predicate's promise is truthy at once.)
    const deadline = Date.now() + 60_000;
    while (!await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'
      && Boolean(navigator.serviceWorker.controller))) {
      if (Date.now() > deadline) throw new Error('the service worker never took the page over');
      await page.waitForTimeout(200);
    }
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    return {
      installable: installabilityErrors.length === 0,
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
      manifestErrors: manifest.errors.map((e) => e.message),
      serviceWorkerControls: await page.evaluate(() => Boolean(navigator.serviceWorker.controller)),
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const web = cachedWebBuild();
const ctx = await createTestContext({ listen: true, webDir: web, config: { LOG_LEVEL: 'silent' } });
const url = `${baseUrl(ctx)}/`;
const load = watchLoad();
try {
  const swBytes = fs.statSync(path.join(web, 'sw.js')).size;
  const brotli = path.join(web, 'sw.js.br');
  const withWorker = await lighthouse(url, false);
  const withoutWorker = await lighthouse(url, true);
  const install = await installability(url);
  const figures = {
    page: '/ (landing)', settings: 'Lighthouse defaults: mobile, simulated slow 4G and 4x CPU slowdown',
    serviceWorker: { bytes: swBytes, brotliBytes: fs.existsSync(brotli) ? fs.statSync(brotli).size : undefined },
    withWorker, withoutWorker, installability: install,
    note: 'Lighthouse 12+ has no PWA category; installability is Chromium\'s own check over CDP',
    machineLoad: load(),
  };
  console.log(JSON.stringify(figures, null, 2));
  writeResult('lighthouse', figures);
  // Copied beside the screens' figures too, so that one file reads how the app's screens and its installable app fare:
  // the verdicts and scores, the details staying here.
  const screensFile = 'bench/results/screens.json';
  const screens = fs.existsSync(screensFile) ? JSON.parse(fs.readFileSync(screensFile, 'utf8')) : {};
  fs.writeFileSync(screensFile, `${JSON.stringify({
    ...screens,
    installableApp: {
      measuredAt: new Date().toISOString(), details: 'bench/results/lighthouse.json', installability: install,
      withWorker: withWorker.scores, withoutWorker: withoutWorker.scores, serviceWorkerBytes: figures.serviceWorker, machineLoad: figures.machineLoad,
    },
  }, null, 2)}\n`);
} finally {
  await ctx.close();
}
process.exit(0);
