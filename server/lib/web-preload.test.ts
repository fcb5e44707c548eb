import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageRenderer } from './web-preload.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-preload-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const HTML = '<html><head><title>Thera Root</title><script type="module" src="/assets/index-1.js"></script></head><body></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'boot.ts': { file: 'assets/boot-1.js' },
  'app/layouts/AppLayout.tsx': { file: 'assets/AppLayout-1.js', imports: ['index.html', '_react-1.js', '_Paper-1.js'] },
  '_Paper-1.js': { file: 'assets/Paper-1.js' },
  'features/forums/ForumsPage.tsx': { file: 'assets/ForumsPage-1.js', imports: ['_Paper-1.js', '_Grid-1.js'], css: ['assets/Forums-1.css'] },
  '_Grid-1.js': { file: 'assets/Grid-1.js' },
  'features/landing/LandingPage.tsx': { file: 'assets/LandingPage-1.js', imports: ['index.html'] },
};

function write(manifest?: object) {
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  fs.rmSync(path.join(dir, '.vite'), { recursive: true, force: true });
  if (manifest) {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
}

const preloads = (html: string) => [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('pageRenderer', () => {
  it("names a member screen's layout and page chunks once each, without what index.html loads already", () => {
    write(MANIFEST);
    const html = pageRenderer(dir)('/forums');
    expect(preloads(html)).toEqual(['/assets/Paper-1.js', '/assets/AppLayout-1.js', '/assets/Grid-1.js', '/assets/ForumsPage-1.js']);
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/Forums-1.css">');
    expect(html).not.toContain('index-1.css"');
  });

  it('puts the boot script first, async, on every page', () => {
    write(MANIFEST);
    const render = pageRenderer(dir);
    for (const page of ['/', '/forums', '/no-such-screen']) {
      const html = render(page);
      expect(html.indexOf('<script type="module" async crossorigin src="/assets/boot-1.js"></script>')).toBeLessThan(html.indexOf('index-1.js'));
    }
    expect(preloads(render('/'))).toEqual(['/assets/LandingPage-1.js']);
    expect(preloads(render('/no-such-screen'))).toEqual([]);
  });

  it('serves the plain file when the build has no manifest', () => {
    write();
    expect(pageRenderer(dir)('/forums')).toBe(HTML);
  });
});
