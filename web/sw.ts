// The service worker (docs/decisions/0206-installable-app.md), built by vite-plugin-pwa with Workbox:
// - the app's shell and static files precached, so the app opens offline; a new version waits until the page says so
//   (the "A new version is ready" prompt), never taking over a page by itself;
// - pages from the network (the server draws members' screens with their data), the precached shell when offline;
// - of the API, only what is listed here is kept (the chat list and a conversation's newest page, to read offline),
//   in one cache the page empties at sign-out; every other answer goes to the network only;
// - pushes shown as notifications that say who and where, one per tag, closed by a `clear` push; a tap opens the screen.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { MEMBER_CACHE, SW_MESSAGES } from './lib/sw-protocol.ts';

type Payload = { kind: 'show'; title: string; body: string; url: string; tag: string } | { kind: 'clear'; tag: string };
type Waitable = Event & { waitUntil(promise: Promise<unknown>): void };
type WindowClient = { url: string; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient | null> };
type Scope = {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: { matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<unknown>; claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: Waitable & { data: { json(): unknown } | null }) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: Waitable & { notification: Notification }) => void): void;
  addEventListener(type: 'message', listener: (event: Waitable & { data: unknown }) => void): void;
  addEventListener(type: 'activate', listener: (event: Waitable) => void): void;
};
declare const self: Scope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Listed: who is signed in (the shell opened offline knows its member), the chat list's first page and a conversation's
// newest page of messages.
const LISTED = [/^\/api\/users\/me$/, /^\/api\/conversations\?limit=100$/, /^\/api\/conversations\/[0-9a-f-]{36}\/messages$/];
registerRoute(({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && LISTED.some((p) => p.test(url.pathname + url.search)),
  new NetworkFirst({ cacheName: MEMBER_CACHE, networkTimeoutSeconds: 4, matchOptions: { ignoreVary: true } }));
registerRoute(({ url }) => url.pathname.startsWith('/api/'), new NetworkOnly());
registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [/^\/api\//, /^\/socket\.io\//] }));
setCatchHandler(async ({ request }) => (request.destination === 'document' ? (await matchPrecache('/index.html')) ?? Response.error() : Response.error()));

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SW_MESSAGES.skipWaiting) event.waitUntil(self.skipWaiting());
  if (type === SW_MESSAGES.signedOut) event.waitUntil(caches.delete(MEMBER_CACHE));
});

self.addEventListener('push', (event) => {
  let payload: Payload;
  try {
    payload = event.data?.json() as Payload;
  } catch {
    return;
  }
  if (!payload) return;
  if (payload.kind === 'clear') {
    event.waitUntil(self.registration.getNotifications({ tag: payload.tag }).then((shown) => shown.forEach((n) => n.close())));
    return;
  }
  event.waitUntil(self.registration.showNotification(payload.title, {
    body: payload.body, tag: payload.tag, data: { url: payload.url }, icon: '/icons/icon-192.png', badge: '/icons/badge-96.png',
  }));
});

// A tap opens the screen: in a window of the app already open (the installed app's, if it is), else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(String((event.notification.data as { url?: string } | null)?.url ?? '/'), self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
    const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (open) return (await open.navigate(url))?.focus() ?? open.focus();
    return self.clients.openWindow(url);
  }));
});
