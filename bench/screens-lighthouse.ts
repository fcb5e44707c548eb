// Lighthouse on a page with its default (mobile) settings, in Debian's Chromium: the performance score and its metrics.
import * as chromeLauncher from 'chrome-launcher';
import lighthouseRun from 'lighthouse';
import { CHROMIUM_ARGS } from './screens-browser.ts';

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive'];

export type LighthouseFigures = { performance: number; metrics: Record<string, string | undefined>; lighthouseVersion: string };

export async function lighthouse(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouseRun(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue])),
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    chrome.kill();
  }
}
