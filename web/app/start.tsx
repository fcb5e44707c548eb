import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Me } from '../../common/accounts.ts';
import { App, appQueryClient } from './App.tsx';
import { primeFirstData } from './first-data.ts';
import { preloadMemberScreen } from './routes.tsx';
import { getToken, markMember } from '../lib/api.ts';
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
  const session = currentUser().then(async (user) => {
    // Only a verified member's screens show these lists; anyone else's answer would only be a refusal to keep. A list
    // that fails here is the screen's to ask for and report, as without this.
    if (user && isVerified(user)) await primeFirstData(appQueryClient, user).catch(() => undefined);
    return { user };
  });
  // A chunk that fails to load is not waited for: React.lazy asks for it again and shows the error there.
  const screen = preloadMemberScreen(location.pathname).catch(() => undefined);
  const ready = Promise.all([session, screen]).then(([checked]) => checked);
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, WAIT_FOR_SCREEN_MS));
  // A late answer is not lost: the check's outcome (a refused token is dropped) stands either way.
  return Promise.race([ready, late]);
}

/** Draws the app in `root`, or takes over the landing page the server sent already drawn (docs/decisions/0099). */
export async function startApp(root: HTMLElement): Promise<void> {
  const signedIn = getToken() !== null;
  markMember(signedIn);
  if (root.firstElementChild && !signedIn) {
    // In a transition, the takeover yields to the browser every few milliseconds (a tap is not held behind it); as an
    // ordinary update it would run as one long task.
    startTransition(() => void hydrateRoot(root, <StrictMode><App /></StrictMode>));
    return;
  }
  const checked = signedIn ? await memberStart() : undefined;
  // A member whose browser had not told the server yet (the hint cookie) got the visitors' page: drawn from scratch.
  root.replaceChildren();
  createRoot(root).render(<StrictMode><App checked={checked} /></StrictMode>);
}
