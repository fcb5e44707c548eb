// The page's side of the service worker (web/sw.ts): registers it once the page has loaded, offers a waiting new version
// (the page decides when to switch: never under a half-written message or form), and empties its member cache at
// sign-out. Browsers without service workers (or an insecure origin) simply have none of this.
import { Workbox } from 'workbox-window';
import { api } from './api.ts';
import { MEMBER_CACHE, SW_MESSAGES } from './sw-protocol.ts';

type Listener = () => void;
let workbox: Workbox | undefined;
let waiting = false;
const listeners = new Set<Listener>();
const tell = () => listeners.forEach((l) => l());

/** Whether a new version waits to take over (the prompt shows while it does). */
export const updateWaiting = () => waiting;
export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function registerServiceWorker(): void {
  if (workbox || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  watchTyping();
  workbox.addEventListener('waiting', () => {
    waiting = true;
    tell();
  });
  void workbox.register().catch((error: unknown) => console.warn('Service worker not registered', error));
}

// Fields the member typed in since they were last submitted. Not value against defaultValue: React keeps a controlled
// field's defaultValue equal to its value.
const typedIn = new WeakSet<EventTarget>();
function watchTyping(): void {
  document.addEventListener('input', (event) => { if (event.target) typedIn.add(event.target); }, true);
  document.addEventListener('submit', (event) => {
    (event.target as HTMLFormElement).querySelectorAll('input, textarea').forEach((field) => typedIn.delete(field));
  }, true);
}

/**
 * A text the member has typed and not sent or saved: a message box, a form's field. Reloading would lose it, so the new
 * version waits until there is none.
 */
export function halfWritten(root: ParentNode = document): boolean {
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input');
  // Only what the member can see: Mantine's autosize keeps a hidden copy of a message box to measure it.
  return [...fields].some((f) => typedIn.has(f) && !f.disabled && f.value.trim() !== '' && f.getAttribute('aria-hidden') !== 'true'
    && f.getClientRects().length > 0);
}

/** Lets the waiting version take over, and reloads this page once it controls it. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/**
 * Asks the API for these listed reads (web/sw.ts) through the worker, which keeps them for opening offline. Only when a
 * worker controls the page and the browser is online; what fails is simply not kept.
 */
export function keepForOffline(paths: string[]): void {
  if (!navigator.serviceWorker?.controller || !navigator.onLine) return;
  for (const path of paths) void api(path).catch(() => undefined);
}

/** At sign-out: the lists kept for offline reading go (the next member on this browser must not see them). */
export async function forgetMemberData(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.signedOut });
  if ('caches' in window) await caches.delete(MEMBER_CACHE).catch(() => false);
}
