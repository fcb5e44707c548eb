import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app: hashed assets cached for a year, index.html for every page route. */
export async function registerWeb(app: FastifyInstance, webDir: string | undefined): Promise<boolean> {
  if (!webDir || !fs.existsSync(path.join(webDir, 'index.html'))) return false;
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
  return true;
}

export function isPageRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/socket.io');
}
