// Builds the web app and writes .br and .gz beside each asset, so the server sends them without compressing per request.
// Then draws the landing page for visitors (docs/decisions/0099) into .prerender/landing.html for the server to serve,
// and once more in each other language (.prerender/landing.fr-CA.html, decision 0271).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { prerenderedLanding, SSR_DIR, SSR_ENTRY } from '../server/lib/web-preload.ts';
import { DEFAULT_LOCALE, LOCALES } from '../common/i18n/locales.ts';
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

/**
 * Builds web/prerender.tsx for Node into the built app's .ssr folder (the server renders members' screens with it at
 * request time, docs/decisions/0104) and writes what it draws for "/". Everything it imports is bundled in, so the
 * file runs wherever the built app is put (a temporary folder, a server without the web app's packages).
 */
async function prerenderLanding(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const ssrDir = path.resolve(outDir, SSR_DIR);
  const entry = path.resolve('web/prerender.tsx');
  await build({
    logLevel: 'warn',
    ssr: { noExternal: true },
    publicDir: false,
    build: { ssr: entry, outDir: ssrDir, emptyOutDir: true, manifest: false, rollupOptions: { input: entry } },
  });
  const { renderVisitorPage } = await import(pathToFileURL(path.join(ssrDir, SSR_ENTRY)).href) as typeof import('../web/prerender.tsx');
  for (const locale of LOCALES) {
    const messages = locale === DEFAULT_LOCALE ? {}
      : JSON.parse(fs.readFileSync(path.resolve('common/i18n/lang', `${locale}.json`), 'utf8')) as Record<string, string>;
    const target = path.join(outDir, prerenderedLanding(locale));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, await renderVisitorPage('/', { locale, messages }));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWeb(process.argv[2]);
