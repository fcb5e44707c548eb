// Builds the web app and writes .br and .gz beside each asset, so the server sends them without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
}


if (import.meta.url === `file://${process.argv[1]}`) await buildWeb(process.argv[2]);
