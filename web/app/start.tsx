import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Me } from '../../common/accounts.ts';
import { PAGE_STATE_ID, pageTagText, type PageState } from '../../common/member-page.ts';
import { App, appQueryClient } from './App.tsx';
import { afterTakeover, primeFirstData } from './first-data.ts';
import { preloadMemberScreen } from './routes.tsx';
import { getToken, markMember } from '../lib/api.ts';
import { browserLocale, drawnLocale, loadCatalogue, PSEUDO_LOCALE, pseudoLocaleChosen, type Catalogue, type ShownLocale } from '../lib/i18n.tsx';
import { keepEnterInComboboxes } from '../lib/comboboxEnter.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { currentUser, isVerified } from '../lib/session.tsx';

// Long enough for what is already on its way on a phone; a slower network gets "Loading..." as before.
const WAIT_FOR_SCREEN_MS = 1_500;

/**
 * A member's screen: the session check, the screen's code and its first list are already on their way (boot.ts, the
 * server's preloads). With them in hand the first render draws the screen with its list, instead of "Loading...", then
 * the layout, then the empty screen, then the list, each a render and a paint on a slow phone (docs/decisions/0099,
 * 0103).
 */
async function memberStart(): Promise<{ user: Me | null } | undefined> {
  // A chunk that fails to load is not waited for: React.lazy asks for it again and shows the error there.
  const screen = preloadMemberScreen(location.pathname).catch(() => undefined);
  const session = currentUser().then(async (user) => {
    // Only a verified member's screens show these lists; anyone else's answer would only be a refusal to keep. A list
    // that fails here is the screen's to ask for and report, as without this.
    if (user && isVerified(user)) await primeFirstData(appQueryClient, user, await screen).catch(() => undefined);
    return { user };
  });
  const ready = Promise.all([session, screen]).then(([checked]) => checked);
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, WAIT_FOR_SCREEN_MS));
  // A late answer is not lost: the check's outcome (a refused token is dropped) stands either way.
  return Promise.race([ready, late]);
}

async function sha256Hex(text: string): Promise<string | undefined> {
  // Only in a secure context (https, localhost); elsewhere the page is drawn again rather than trusted blindly.
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The state a member's screen was drawn with on the server (docs/decisions/0104), if the page holds one and it was
 * drawn for the token stored here (the cookie it was drawn from could be another sign-in's).
 */
async function drawnState(token: string): Promise<PageState<Me> | undefined> {
  const script = document.getElementById(PAGE_STATE_ID);
  if (!script) return undefined;
  script.remove();
  try {
    const state = JSON.parse(script.textContent ?? '') as PageState<Me>;
    return state.tag === await sha256Hex(pageTagText(token)) ? state : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language of the first render and its catalogue, loaded before it (docs/decisions/0270): a page the server drew is
 * taken over in the language it was drawn in (its `<html lang>`), or the takeover would not match it.
 */
async function language(locale: ShownLocale): Promise<{ locale: ShownLocale; messages: Catalogue }> {
  // A catalogue that fails to load leaves the messages' English rather than no app.
  return { locale, messages: await loadCatalogue(locale).catch(() => ({})) };
}

/** Takes over a member's screen the server drew, with the query cache it was drawn with: nothing is asked again. */
async function takeOverMemberScreen(root: HTMLElement, state: PageState<Me>): Promise<void> {
  const drawnLanguage = language(drawnLocale() ?? browserLocale(state.me.locale));
  hydrate(appQueryClient, state.queries as DehydratedState);
  // Preloaded by the page: drawn at once rather than suspending (which would leave that part to a later pass).
  const screen = preloadMemberScreen(location.pathname).catch(() => undefined);
  const late = new Promise((resolve) => setTimeout(resolve, WAIT_FOR_SCREEN_MS));
  await Promise.race([screen, late]);
  const { locale, messages } = await drawnLanguage;
  const checked = { user: state.me };
  // In a transition, as for the landing page: the takeover yields to the browser instead of running as one long task.
  // The takeover counts relative times from the instant the server drew them (web/lib/drawn-clock.tsx).
  const drawnAt = new Date(state.drawnAt);
  startTransition(() => void hydrateRoot(root, <StrictMode><App checked={checked} drawnAt={drawnAt} locale={locale} messages={messages} /></StrictMode>));
  // Even when the screen's code came late: what the render could not do is still owed (the chat's delivery receipts).
  await afterTakeover(appQueryClient, state.me, await screen);
}

/**
 * Draws the app in `root`, or takes over the page the server sent already drawn: the landing page for visitors
 * (docs/decisions/0099), a member's screen (0104).
 */
export async function startApp(root: HTMLElement): Promise<void> {
  keepEnterInComboboxes();
  // After the page has loaded: the worker's install (fetching the app's files to keep) competes with nothing of it.
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
  // The pseudo-locale (a browser test's hook, docs/decisions/0272) draws every page afresh: the server drew it in English.
  const pseudo = pseudoLocaleChosen();
  if (pseudo) root.replaceChildren();
  const token = getToken();
  markMember(token !== null);
  if (root.firstElementChild && token === null) {
    const { locale, messages } = await language(drawnLocale() ?? browserLocale());
    // In a transition, the takeover yields to the browser every few milliseconds (a tap is not held behind it); as an
    // ordinary update it would run as one long task.
    startTransition(() => void hydrateRoot(root, <StrictMode><App locale={locale} messages={messages} /></StrictMode>));
    return;
  }
  const drawn = token !== null && root.firstElementChild ? await drawnState(token) : undefined;
  if (drawn) return takeOverMemberScreen(root, drawn);
  // The catalogue the cookie or the browser asks for is fetched with the session check; a member's saved choice, once
  // known, wins (it is almost always the same: the app keeps the cookie in step with it).
  const likely = pseudo ? PSEUDO_LOCALE : browserLocale();
  const likelyLanguage = language(likely);
  const checked = token !== null ? await memberStart() : undefined;
  const chosen = pseudo ? PSEUDO_LOCALE : browserLocale(checked?.user?.locale);
  const { locale, messages } = await (chosen === likely ? likelyLanguage : language(chosen));
  document.documentElement.lang = locale;
  // A member whose browser had not told the server yet (the hint cookie) got the visitors' page, or a screen drawn for
  // another sign-in: drawn from scratch.
  root.replaceChildren();
  createRoot(root).render(<StrictMode><App checked={checked} locale={locale} messages={messages} /></StrictMode>);
}
