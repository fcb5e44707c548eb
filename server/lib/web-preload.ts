// index.html per address (decision 0094): the boot script first, then everything the screen's code needs, so the browser
// fetches the screen's chunks together with the app's instead of after it. Read from Vite's build manifest at start-up.
import fs from 'node:fs';
import path from 'node:path';
import { MEMBER_HINT_COOKIE } from '../../common/member-hint.ts';
import { DRAWN_SCREENS } from '../../common/drawn-screens.ts';
import { PAGE_STATE_ID } from '../../common/member-page.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../common/i18n/locales.ts';
import { SCREEN_PATHS } from '../../common/screen-paths.ts';

type Chunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

// The signed-in layout and the socket's connection, drawn with a member's first render (docs/decisions/0099).
const LAYOUT = ['app/layouts/AppLayout.tsx', 'features/chat/RealtimeConnection.tsx'];
// web/main.tsx imports the app itself after the styles (so a prerendered page is painted first): every page needs it.
const START = 'app/start.tsx';
const page = (name: string) => `features/${name}.tsx`;

// The addresses (common/screen-paths.ts) of the screens are worth starting early, with the lazy modules they render;
// the drawn screens' from their descriptors (common/drawn-screens.ts). The signed-in layout goes with every member
// screen; a visitor's /therapists fetches it for nothing (cached, small).
const SCREENS: [RegExp, string[]][] = [
  ...DRAWN_SCREENS.map(({ addresses, module }): [RegExp, string[]] => [addresses, [...LAYOUT, module]]),
  [SCREEN_PATHS.home, [page('landing/LandingPage')]],
  [SCREEN_PATHS.faq, [page('landing/FaqPage')]],
  [SCREEN_PATHS.login, [page('accounts/LoginPage')]],
  [SCREEN_PATHS.register, [page('accounts/RegisterPage')]],
  [SCREEN_PATHS.communities, [...LAYOUT, page('forums/CommunitiesPage')]],
  [SCREEN_PATHS.community, [...LAYOUT, page('forums/CommunityPage')]],
  [SCREEN_PATHS.post, [...LAYOUT, page('forums/PostPage')]],
  [SCREEN_PATHS.profile, [...LAYOUT, page('therapists/ProfilePage')]],
  [SCREEN_PATHS.resources, [...LAYOUT, page('resources/ResourcesPage')]],
  [SCREEN_PATHS.referrals, [...LAYOUT, page('referrals/ReferralsPage')]],
  [SCREEN_PATHS.notifications, [...LAYOUT, page('notifications/NotificationsPage')]],
  [SCREEN_PATHS.dashboard, [...LAYOUT, page('dashboard/DashboardPage')]],
  [/./, []],
];

/** Every file a manifest entry needs (its chunk, the chunks it imports, their CSS), depth first, each once. */
function needs(manifest: Manifest, key: string, seen: Set<string>, out: { js: string[]; css: string[] }) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  const chunk = manifest[key];
  for (const dep of chunk.imports ?? []) needs(manifest, dep, seen, out);
  out.js.push(chunk.file);
  out.css.push(...(chunk.css ?? []));
}

/**
 * A member's screen drawn by the server (member-page.ts): its title, its markup, the state it was drawn with and the
 * language it was drawn in.
 */
export type DrawnPage = { title: string; markup: string; state: string; locale: Locale };
/** `locale`: the request's language (server/lib/i18n.ts), the page's `<html lang>` and the landing page's language. */
export type PageRenderer = (pathname: string, options?: { member?: boolean; drawn?: DrawnPage; locale?: Locale }) => string;

/**
 * Written by scripts/build-web.ts (docs/decisions/0099, 0271): the landing page as a visitor's first render draws it,
 * one file per language (English's name is the one it always had).
 */
export const prerenderedLanding = (locale: Locale) =>
  path.join('.prerender', locale === DEFAULT_LOCALE ? 'landing.html' : `landing.${locale}.html`);

/** The page in `locale`: its `<html lang>`, which the app also reads to take a drawn page over in its language. */
const inLanguage = (page: string, locale: Locale) => page.replace(/<html( lang="[^"]*")?/, `<html lang="${locale}"`);
// Also written by scripts/build-web.ts: web/prerender.tsx built for Node, which renders members' screens (0104).
export const SSR_DIR = '.ssr';
export const SSR_ENTRY = 'prerender.js';

/** Whether the browser says a member is signed in there (web/lib/api.ts markMember): a hint, never a credential. */
export const hasMemberHint = (cookieHeader: string | undefined) =>
  (cookieHeader ?? '').split(';').some((c) => c.trim() === `${MEMBER_HINT_COOKIE}=1`);

/**
 * The landing page for visitors: its markup inside #root, so it is drawn before any script runs. Its title and the
 * resources React found (an image preload) come first; they go to the head, where they belong and hydration ignores them.
 */
function withPrerenderedLanding(page: string, webDir: string, locale: Locale): string | undefined {
  const file = path.join(webDir, prerenderedLanding(locale));
  if (!fs.existsSync(file)) return undefined;
  const markup = fs.readFileSync(file, 'utf8');
  const [, title = '', links] = /^(<title>[^<]*<\/title>)?((?:<link [^>]*\/>)*)/.exec(markup)!;
  const head = page.replace(/<title>[^<]*<\/title>/, title || '$&').replace('</head>', `  ${links}\n  </head>`);
  return inLanguage(head.replace('<div id="root"></div>', `<div id="root">${markup.slice(title.length + links.length)}</div>`), locale);
}

/**
 * A function from a page's path to its index.html. Without a manifest (an older build) every page gets the plain file.
 * `member`: the landing page without the visitors' prerendered markup (a member's "/" is the dashboard).
 */
export function pageRenderer(webDir: string): PageRenderer {
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    return (_pathname, { drawn, locale = DEFAULT_LOCALE } = {}) => (drawn ? withDrawnScreen(html, drawn) : inLanguage(html, locale));
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  // What index.html already loads is not named twice.
  const shell = { js: [] as string[], css: [] as string[] };
  const shellSeen = new Set<string>();
  needs(manifest, 'index.html', shellSeen, shell);
  // async: a module script that is not waits for the style sheets above it, and this one needs none.
  const boot = manifest['boot.ts'] ? `<script type="module" async crossorigin src="/${manifest['boot.ts'].file}"></script>\n    ` : '';
  const base = html.replace('<title>', `${boot}<title>`);
  const rendered = SCREENS.map(([pattern, modules]) => {
    const seen = new Set(shellSeen);
    const out = { js: [] as string[], css: [] as string[] };
    for (const module of [START, ...modules]) needs(manifest, module, seen, out);
    const styles = [...new Set(out.css)].filter((f) => !shell.css.includes(f));
    const links = [
      // Preloaded, not applied: a style sheet would hold back the app's script; the chunk's loader applies it from the cache.
      ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ...out.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ];
    return { pattern, page: base.replace('</head>', `  ${links.join('\n    ')}\n  </head>`), styles };
  });
  const find = (pathname: string) => rendered.find(({ pattern }) => pattern.test(pathname))!;
  // No preloads there: the page is drawn without code, and a script fetched early (preloaded) delays the first paint.
  const visitorLanding = new Map(LOCALES.map((locale) => [locale, withPrerenderedLanding(base, webDir, locale)]));
  return (pathname, { member = false, drawn, locale = DEFAULT_LOCALE } = {}) => {
    // Without the screen's preloads, like the visitors' landing page: fetched early they delay the first paint, and
    // this page is drawn without code (decision 0104 measured 100-190 ms earlier content; the takeover comes later).
    // But with the screen's style sheets applied: the markup is drawn with them, and without them the first paint
    // showed unstyled cards that moved when the app brought them (a tap aimed at a title then hit something else).
    if (drawn) {
      const sheets = find(pathname).styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
      const page = base.replace(boot, '').replace('</head>', `  ${sheets.join('\n    ')}\n  </head>`);
      return withDrawnScreen(page, drawn);
    }
    return (pathname === '/' && !member && visitorLanding.get(locale)) || inLanguage(find(pathname).page, locale);
  };
}

/**
 * A member's screen drawn by the server inside #root, the state it was drawn with beside it (JSON, not executed: the
 * CSP stays script-src 'self'), for the app to take over (app/start.tsx). Without the boot script: the session check and
 * the first list it would start are in the page already.
 */
function withDrawnScreen(page: string, { title, markup, state, locale }: DrawnPage): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return inLanguage(page, locale)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div><script type="application/json" id="${PAGE_STATE_ID}">${state}</script>`);
}
