import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pageRenderer, type PageRenderer } from './web-preload.ts';

/**
 * Serves the built web app: hashed assets cached for a year; for every page route, index.html with that screen's chunks
 * named for preloading (the returned function, from a path; undefined when there is no built app).
 */
export async function registerWeb(app: FastifyInstance, webDir: string | undefined): Promise<PageRenderer | undefined> {
  if (!webDir || !fs.existsSync(path.join(webDir, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return pageRenderer(webDir);
}

export function isPageRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/socket.io');
}

type Encoded = { br: Buffer; gzip: Buffer };
const encodedPages = new Map<string, Encoded>();

/** A page's index.html compressed once (there are a few dozen variants at most), in the encoding the browser takes. */
export function encodedPage(html: string, acceptEncoding: string | undefined): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  let encoded = encodedPages.get(html);
  if (!encoded) {
    encoded = { br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) };
    encodedPages.set(html, encoded);
  }
  const accepted = (acceptEncoding ?? '').split(',').map((e) => e.split(';')[0].trim());
  if (accepted.includes('br')) return { body: encoded.br, encoding: 'br' };
  if (accepted.includes('gzip')) return { body: encoded.gzip, encoding: 'gzip' };
  return { body: html };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// A page drawn for one request (server/lib/member-page.ts) is compressed once, in the thread pool: brotli at a middle
// quality (about 1 ms for /forums' 100 KB, about a fifth of quality 11's size saving lost), not the quality 11 of pages
// compressed once for all.
const DRAWN_QUALITY = 5;

/** A page drawn for this request, compressed in the encoding the browser takes. */
export async function encodedDrawnPage(html: string, acceptEncoding: string | undefined): Promise<{ body: string | Buffer; encoding?: 'br' | 'gzip' }> {
  const accepted = (acceptEncoding ?? '').split(',').map((e) => e.split(';')[0].trim());
  if (accepted.includes('br')) return { body: await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DRAWN_QUALITY } }), encoding: 'br' };
  if (accepted.includes('gzip')) return { body: await gzip(html), encoding: 'gzip' };
  return { body: html };
}
