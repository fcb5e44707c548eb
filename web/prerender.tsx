// Pages drawn in Node with React's prerender. scripts/build-web.ts builds this file for Node:
// - at build time it calls renderVisitorPage('/') and the server puts the markup into index.html for visitors
//   (docs/decisions/0099);
// - at request time the server calls renderMemberPage for a member's drawn screen (common/drawn-screens.ts) with the
//   API's answers (docs/decisions/0104). This file is the one web module the server may name, and only for its types
//   (eslint.config.js): the server runs the built bundle, never the web app's source.
// The browser then takes the markup over (hydrateRoot in app/start.tsx) instead of drawing the page again.
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createIntl } from 'react-intl';
import { StaticRouter } from 'react-router';
import type { Me } from '../common/accounts.ts';
import { DRAWN_SCREENS, type DrawnPath } from '../common/drawn-screens.ts';
import type { PageState } from '../common/member-page.ts';
import { AppTree, newQueryClient } from './app/App.tsx';
import { seedDrawnScreen } from './app/first-data.ts';
import { preloadMemberScreen } from './app/routes.tsx';
import { titleFor } from './app/titles.ts';
import { DEFAULT_LOCALE, type Locale } from '../common/i18n/locales.ts';

/**
 * The language a page is drawn in and its catalogue (docs/decisions/0271): the build draws the landing page once per
 * language, the server a member's screen in the request's; the browser takes the page over in the same one.
 */
export type Language = { locale: Locale; messages: Record<string, string> };
const ENGLISH: Language = { locale: DEFAULT_LOCALE, messages: {} };

const titleIn = (pathname: string, { locale, messages }: Language) =>
  titleFor(pathname, createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages, onError: () => undefined }));

async function render(
  location: string, client: QueryClient, language: Language, checked?: { user: Me }, signal?: AbortSignal, drawnAt?: Date,
): Promise<string> {
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={location}>{children}</StaticRouter>;
  let failure: unknown;
  const { prelude } = await prerender(
    <StrictMode>
      <AppTree router={router} client={client} checked={checked} drawnAt={drawnAt} locale={language.locale} messages={language.messages} />
    </StrictMode>,
    // Large boundaries are otherwise sent as the fallback plus the content and an inline script to swap them, which the
    // CSP (script-src 'self') refuses: a page drawn in one go has no reason to stream.
    // A part that fails would be sent as its fallback, with the error in the page: the whole page fails instead.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER, signal, onError: (error) => void (failure ??= error) },
  );
  if (failure !== undefined) throw failure;
  return new Response(prelude).text();
}

/**
 * The markup a visitor's first render produces at `location`, with every lazy screen loaded (no "Loading..."), after
 * the page's title: the server moves the title, and the resources React names first, into the head.
 */
export async function renderVisitorPage(location: string, language: Language = ENGLISH): Promise<string> {
  return `<title>${titleIn(location, language)}</title>${await render(location, newQueryClient(), language)}`;
}

export type MemberPage = { title: string; markup: string; state: string; locale: Locale };

/**
 * A verified member's drawn screen at `pathname` (common/drawn-screens.ts), drawn with the session check's answer and the
 * descriptor's reads (`answers`, by API path) in the query cache, put there by the screen module's `drawn.seed`, and that cache as JSON for the browser (`state`, with `<` escaped so
 * it cannot end its script element). `tag`: whose session it is (common/member-page.ts).
 */
export async function renderMemberPage(
  pathname: DrawnPath, me: Me, answers: Record<string, unknown>, tag: string, signal?: AbortSignal, language: Language = ENGLISH,
): Promise<MemberPage> {
  const client = newQueryClient();
  seedDrawnScreen(client, me, await preloadMemberScreen(pathname), answers);
  const drawnAt = new Date();
  const markup = await render(pathname, client, language, { user: me }, signal, drawnAt);
  // Only the answers given: a query the render started without data is the browser's to ask for.
  const state: PageState<Me> = { tag, me, queries: dehydrate(client), drawnAt: drawnAt.toISOString() };
  return { title: titleIn(pathname, language), markup, state: JSON.stringify(state).replace(/</g, '\\u003c'), locale: language.locale };
}

/** Loads the drawn screens' code (the layout, the socket's connection, each screen), so no request waits for it. */
export const loadScreens = () => Promise.all(DRAWN_SCREENS.map(({ path }) => preloadMemberScreen(path)));
