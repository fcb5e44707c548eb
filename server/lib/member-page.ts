// A verified member's drawn screen (common/drawn-screens.ts) rendered on the server with its data (docs/decisions/0104),
// so a phone paints the screen before any script runs. Known by the page cookie (page-session.ts). The data comes from the
// API's own routes (app.inject with the session's token: the same validation, permissions, blocks filtering and caches
// as the app's requests, no second copy of any query), the markup from the web app built for Node (web/prerender.tsx).
// Whatever goes wrong, or takes longer than the bound, the page is sent plain and the app starts as it does without.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '../../common/accounts.ts';
import { drawnScreenAt, drawnScreenReads, type DrawnScreen } from '../../common/drawn-screens.ts';
import { pageTagText } from '../../common/member-page.ts';
// The one web module the server names, for its types only (eslint.config.js): at run time it is the built bundle below.
import type { loadScreens, renderMemberPage } from '../../web/prerender.tsx';
import type { App } from '../context.ts';
import { catalogue, localeOfHeaders } from './i18n.ts';
import { clearPageSession, pageSessionToken } from './page-session.ts';
import { SSR_DIR, SSR_ENTRY, hasMemberHint, type DrawnPage } from './web-preload.ts';

type Bundle = { loadScreens: typeof loadScreens; renderMemberPage: typeof renderMemberPage };
/** A member's page for this request, or undefined: send the plain one. */
export type MemberPages = (request: FastifyRequest, reply: FastifyReply) => Promise<DrawnPage | undefined>;

/**
 * The renderer built with the web app (undefined when the build has none). It is loaded when the first member asks for
 * one of these pages, not at start-up: React, Mantine and the screens' code take about 50 MB, which a server nobody
 * signs in to (the idle budget is 300 MB with PGlite) should not carry. That first request gets the plain page.
 */
type Options = {
  /**
   * MEMBER_PAGE_RENDER_MS, 200 by default: reading the data and rendering take 5-15 ms of CPU per page (0104); past the
   * bound, the app's own start is the faster way, so the plain page goes instead. Both pages work: the bound decides
   * speed, never correctness.
   */
  boundMs: number;
  /** MEMBER_PAGES_EAGER: load the renderer now, so that even the first member page is drawn (the browser tests). */
  eager?: boolean;
};

export function memberPages(app: App, webDir: string, { boundMs, eager = false }: Options): MemberPages | undefined {
  const file = path.join(webDir, SSR_DIR, SSR_ENTRY);
  if (!fs.existsSync(file)) return undefined;
  let loading: Promise<unknown> | undefined;
  let bundle: Bundle | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(file).href).then(async (loaded: Bundle) => {
      await loaded.loadScreens();
      bundle = loaded;
      app.log.info('member page renderer loaded');
    }).catch((err: unknown) => app.log.warn({ err }, 'member pages are sent plain: the renderer did not load'));
  };
  if (eager) load();
  return async (request, reply) => {
    const screen = request.method === 'GET' ? drawnScreenAt(request.url) : undefined;
    const token = screen ? pageSessionToken(request) : undefined;
    // The hint goes when the app finds no token stored: a page drawn for a token the app no longer has would be discarded.
    if (!screen || !token || !hasMemberHint(request.headers.cookie)) return undefined;
    if (!bundle) return void load();
    return memberPage(app, bundle, screen, token, request, reply, boundMs);
  };
}

async function memberPage(app: App, bundle: Bundle, screen: DrawnScreen, token: string, request: FastifyRequest, reply: FastifyReply, boundMs: number) {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve(undefined);
    }, boundMs);
  });
  const started = performance.now();
  try {
    const drawn = await Promise.race([render(app, bundle, screen, token, reply, request, abort.signal), late]);
    // A render can also finish past the bound before the timer's turn comes (all its reads answered from caches).
    return performance.now() - started > boundMs ? undefined : drawn;
  } catch (err) {
    request.log.warn({ err }, 'member page sent plain: the render failed');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

async function render(app: App, bundle: Bundle, screen: DrawnScreen, token: string, reply: FastifyReply, request: FastifyRequest, signal: AbortSignal) {
  const ask = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });
  const paths = drawnScreenReads(screen);
  const [session, ...lists] = await Promise.all([ask('/api/users/me'), ...paths.map(ask)]);
  if (session.statusCode === 401) {
    // A revoked or expired session: its cookie is of no more use.
    clearPageSession(request, reply);
    return undefined;
  }
  if (session.statusCode !== 200 || lists.some((list) => list.statusCode !== 200)) return undefined;
  const me = session.json<Me>();
  // Pending and rejected members, and administrators who must enrol first, see other screens: the app's own start.
  if (me.mustEnrolTwoFactor || (me.verificationStatus !== 'verified' && me.role !== 'admin')) return undefined;
  const answers = Object.fromEntries(paths.map((p, i) => [p, lists[i].json<unknown>()]));
  const tag = createHash('sha256').update(pageTagText(token)).digest('hex');
  // In the member's language (their saved choice, else the cookie's, else the browser's): the app takes the page over
  // in the language of its <html lang> (docs/decisions/0271).
  const locale = localeOfHeaders(request.headers, me.locale);
  return signal.aborted ? undefined : bundle.renderMemberPage(screen.path, me, answers, tag, signal, { locale, messages: catalogue(locale) });
}
