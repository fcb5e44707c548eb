// The landing page's initial JavaScript: every script the browser fetches to show `/` to a visitor, gzipped.
// Runs the built app on a throwaway embedded database and reads what Chromium requested.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { buildWeb } from '../scripts/build-web.ts';
import { writeResult } from './lib.ts';

const PORT = 3390;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-websize-'));
const webDir = path.join(dir, 'web');
await buildWeb(webDir);
const server = spawn(process.execPath, ['server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), WEB_DIR: webDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: '', REDIS_URL: '' },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 100 && !(await fetch(`http://127.0.0.1:${PORT}/readyz`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 300));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname); });
  await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
  await browser.close();
  const files = [...scripts].map((p) => {
    const raw = fs.readFileSync(path.join(webDir, p));
    return { file: p, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length };
  });
  const total = files.reduce((n, f) => n + f.gzip, 0);
  console.log(files.map((f) => `${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}`).join('\n'));
  console.log(`landing page initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files (budget 150 KB)`);
  writeResult('web-size', { landingJsGzipKB: Math.round(total / 102.4) / 10, files });
} finally {
  server.kill('SIGTERM');
}
