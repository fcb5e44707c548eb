// Builds the web app and writes .br and .gz beside each asset, so the server sends them without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

export async function buildWeb(outDir = 'dist/web'): Promise<void> {
  await build({ logLevel: 'warn', build: { outDir: path.resolve(outDir), emptyOutDir: true } });
  for (const file of walk(outDir)) {
    if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
    const data = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** True when the built app is missing or older than any web or common source file. */
export function webIsStale(outDir = 'dist/web'): boolean {
  const index = path.join(outDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const builtAt = fs.statSync(index).mtimeMs;
  const sources = ['web', 'common', 'vite.config.ts', 'package-lock.json'];
  return sources.some((src) => fs.existsSync(src) && newest(src) > builtAt);
}

function newest(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const file of walk(target)) latest = Math.max(latest, fs.statSync(file).mtimeMs);
  return latest;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWeb(process.argv[2]);
