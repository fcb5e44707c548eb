import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { getToken, markMember } from '../lib/api.ts';

/** Draws the app in `root`, or takes over the landing page the server sent already drawn (docs/decisions/0099). */
export function startApp(root: HTMLElement): void {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const signedIn = getToken() !== null;
  markMember(signedIn);
  // A member whose browser had not told the server yet (the hint cookie) got the visitors' page too, but their first
  // screen is another one: drawn from scratch.
  // In a transition, the takeover yields to the browser every few milliseconds (a tap is not held behind it); as an
  // ordinary update it would run as one long task.
  if (root.firstElementChild && !signedIn) startTransition(() => void hydrateRoot(root, app));
  else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}
