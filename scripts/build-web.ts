// Builds the web app and writes .br and .gz beside each asset, so the server sends them without compressing per request.
// Then draws the landing page for visitors (docs/decisions/0099) into .prerender/landing.html for the server to serve.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { PRERENDERED_LANDING } from '../server/lib/web-preload.ts';
import { walk } from './web-freshness.ts';

export async function buildWeb(outDir = 'dist/web'): Promise<void> {
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: path.resolve(outDir), emptyOutDir: true } });
  for (const file of walk(outDir)) {
    if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
    const data = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
  await prerenderLanding(outDir);
}

/** Builds web/prerender.tsx for Node in a temporary folder and writes what it draws for "/". */
async function prerenderLanding(outDir: string): Promise<void> {
  const { build } = await import('vite');
  // Inside the project, so the built file finds the packages it leaves to Node (react, @mantine/core...).
  const cache = path.resolve('node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const ssrDir = fs.mkdtempSync(path.join(cache, 'thera-prerender-'));
  try {
    const entry = path.resolve('web/prerender.tsx');
    await build({
      logLevel: 'warn',
      build: { ssr: entry, outDir: ssrDir, emptyOutDir: true, manifest: false, rollupOptions: { input: entry } },
    });
    const { renderVisitorPage } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href) as typeof import('../web/prerender.tsx');
    const target = path.join(outDir, PRERENDERED_LANDING);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, await renderVisitorPage('/'));
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWeb(process.argv[2]);
