import { chromium } from '@playwright/test';
import { benchDatabase, startServer } from '/work/main/bench/lib.ts';
const { url, close } = await benchDatabase('thera_bench_screens'); await close();
const server = await startServer(url, 3441, { WEB_DIR: '/tmp/webbuild2' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] });
try {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  page.on('console', (m) => console.log(`${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('response', (r) => { if (r.url().includes('/api/')) console.log('api', r.status(), r.url()); });
  await page.goto('http://127.0.0.1:3441/');
  await page.waitForTimeout(2000);
  console.log('react root?', await page.evaluate(() => Object.keys(document.getElementById('root')!).filter((k) => k.startsWith('__react'))));
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.waitForTimeout(1000);
  console.log('drawer links', await page.getByRole('dialog').count());
  await page.screenshot({ path: '/tmp/landing-drawer.png' });
} finally { await browser.close(); server.kill(); }
