import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DRAWN_SCREENS } from '../../common/drawn-screens.ts';
import { encodedPage } from './web.ts';
import { hasMemberHint, pageRenderer } from './web-preload.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-preload-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const HTML = '<html><head><title>Thera Root</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'boot.ts': { file: 'assets/boot-1.js' },
  'app/layouts/AppLayout.tsx': { file: 'assets/AppLayout-1.js', imports: ['index.html', '_react-1.js', '_Paper-1.js'] },
  '_Paper-1.js': { file: 'assets/Paper-1.js' },
  'features/forums/ForumsPage.tsx': { file: 'assets/ForumsPage-1.js', imports: ['_Paper-1.js', '_Grid-1.js'], css: ['assets/Forums-1.css'] },
  '_Grid-1.js': { file: 'assets/Grid-1.js' },
  'features/landing/LandingPage.tsx': { file: 'assets/LandingPage-1.js', imports: ['index.html'] },
  'app/start.tsx': { file: 'assets/start-1.js', imports: ['_react-1.js'] },
};
const LANDING_MARKUP = '<title>Home · Thera Root</title><link rel="preload" as="image" href="/favicon.svg"/><header>Thera Root</header><main><h1>A professional network</h1></main>';

function write(manifest?: object, landing?: string) {
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  fs.rmSync(path.join(dir, '.vite'), { recursive: true, force: true });
  fs.rmSync(path.join(dir, '.prerender'), { recursive: true, force: true });
  if (landing) {
    fs.mkdirSync(path.join(dir, '.prerender'));
    fs.writeFileSync(path.join(dir, '.prerender', 'landing.html'), landing);
  }
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
    expect(preloads(html)).toEqual(['/assets/start-1.js', '/assets/Paper-1.js', '/assets/AppLayout-1.js', '/assets/Grid-1.js', '/assets/ForumsPage-1.js']);
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/Forums-1.css">');
    expect(html).not.toContain('index-1.css"');
  });

  it("preloads each drawn screen's module, as its descriptor names it, at its addresses", () => {
    const modules = Object.fromEntries(DRAWN_SCREENS.map(({ module }, i) => [module, { file: `assets/drawn-${i}.js` }]));
    write({ ...MANIFEST, ...modules });
    const render = pageRenderer(dir);
    DRAWN_SCREENS.forEach((screen, i) => {
      expect(screen.addresses.test(screen.path)).toBe(true);
      expect(preloads(render(screen.path)), screen.path).toContain(`/assets/drawn-${i}.js`);
      expect(preloads(render(screen.path))).toContain('/assets/AppLayout-1.js');
    });
    expect(preloads(render('/chat/abc'))).toContain(`/assets/drawn-${DRAWN_SCREENS.findIndex((s) => s.path === '/chat')}.js`);
  });

  it('puts the boot script first, async, on every page', () => {
    write(MANIFEST);
    const render = pageRenderer(dir);
    for (const page of ['/', '/forums', '/no-such-screen']) {
      const html = render(page);
      expect(html.indexOf('<script type="module" async crossorigin src="/assets/boot-1.js"></script>')).toBeLessThan(html.indexOf('index-1.js'));
    }
    expect(preloads(render('/'))).toEqual(['/assets/start-1.js', '/assets/LandingPage-1.js']);
    // The app itself is imported by main.tsx after the styles: every page names it.
    expect(preloads(render('/no-such-screen'))).toEqual(['/assets/start-1.js']);
  });

  it('serves the plain file when the build has no manifest, in the language asked for', () => {
    write();
    expect(pageRenderer(dir)('/forums')).toBe(HTML.replace('<html>', '<html lang="en">'));
    expect(pageRenderer(dir)('/forums', { locale: 'fr-CA' })).toContain('<html lang="fr-CA">');
  });

  it("gives each language its own landing page, and says the page's language in <html lang> (decision 0271)", () => {
    write(MANIFEST, LANDING_MARKUP);
    fs.writeFileSync(path.join(dir, '.prerender', 'landing.fr-CA.html'), LANDING_MARKUP.replace('Home', 'Accueil').replace('A professional network', 'Un réseau professionnel'));
    const render = pageRenderer(dir);
    const french = render('/', { locale: 'fr-CA' });
    expect(french).toContain('<html lang="fr-CA">');
    expect(french).toContain('<h1>Un réseau professionnel</h1>');
    expect(french).toContain('<title>Accueil · Thera Root</title>');
    const english = render('/');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>A professional network</h1>');
    expect(render('/forums', { locale: 'fr-CA' })).toContain('<html lang="fr-CA">');
    const drawn = render('/forums', { drawn: { title: 'Forums · Thera Root', markup: '<main>dessiné</main>', state: '{}', locale: 'fr-CA' } });
    expect(drawn).toContain('<html lang="fr-CA">');
  });

  it("gives visitors the landing page drawn, its resources in the head, and no script preloads; members the plain page", () => {
    write(MANIFEST, LANDING_MARKUP);
    const render = pageRenderer(dir);
    const visitor = render('/');
    expect(visitor).toContain('<div id="root"><header>Thera Root</header><main><h1>A professional network</h1></main></div>');
    expect(visitor.indexOf('<link rel="preload" as="image" href="/favicon.svg"/>')).toBeLessThan(visitor.indexOf('</head>'));
    expect(preloads(visitor)).toEqual([]);
    expect(visitor.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Home · Thera Root</title>']);
    expect(visitor).toContain('boot-1.js');
    const member = render('/', { member: true });
    expect(member).toContain('<div id="root"></div>');
    expect(preloads(member)).toEqual(['/assets/start-1.js', '/assets/LandingPage-1.js']);
    // Only the landing page is drawn in advance.
    expect(render('/faq')).toContain('<div id="root"></div>');
  });
});

describe('hasMemberHint', () => {
  it("applies a drawn member screen's style sheets (its markup needs them at the first paint) but preloads no code", () => {
    write(MANIFEST);
    const html = pageRenderer(dir)('/forums', { drawn: { title: 'Forums · Thera Root', markup: '<main>drawn</main>', state: '{}', locale: 'en' } });
    expect(preloads(html)).toEqual([]);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Forums-1.css">');
    expect(html.indexOf('Forums-1.css')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('index-1.css"');
    expect(html).toContain('<div id="root"><main>drawn</main></div>');
  });

  it('reads the hint cookie among others, and nothing else', () => {
    expect(hasMemberHint('a=1; thera_member=1; b=2')).toBe(true);
    expect(hasMemberHint('thera_member=1')).toBe(true);
    expect(hasMemberHint(undefined)).toBe(false);
    expect(hasMemberHint('thera_member=0')).toBe(false);
    expect(hasMemberHint('xthera_member=1')).toBe(false);
  });
});

describe('encodedPage', () => {
  it('sends brotli, then gzip, then plain text, as the browser accepts', () => {
    const html = '<html>' + 'x'.repeat(5000) + '</html>';
    const br = encodedPage(html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body as Buffer).toString()).toBe(html);
    const gz = encodedPage(html, 'gzip;q=1.0');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body as Buffer).toString()).toBe(html);
    expect(encodedPage(html, undefined)).toEqual({ body: html });
  });
});
