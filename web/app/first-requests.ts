// What a screen asks the API for first, by address, started by the boot script (web/boot.ts, decision 0094). Only the
// plain address of a screen (no search, no filters): those are the ones typed or bookmarked. first-requests.test.ts checks
// each path against the screen's own query, and the keys below against web/lib/prefetch.ts, which this file may not
// import (the boot script shares no module with the app).

export const SESSION_PATH = '/api/users/me';
export const FEED_PATH = '/api/forumPosts/feed';
export const DIRECTORY_PATH = '/api/users';
export const CONVERSATIONS_PATH = '/api/conversations?limit=100';
export const BOOT_TOKEN_KEY = 'token';
export const BOOT_EARLY_KEY = '__theraEarly';

/** The session check, then the screen's first list, for a signed-in visit to `pathname` with `search`. */
export function firstRequests(pathname: string, search: string): string[] {
  const plain = search === '' || search === '?';
  const paths = [SESSION_PATH];
  if (pathname === '/forums' && plain) paths.push(FEED_PATH);
  else if (pathname === '/therapists' && plain) paths.push(DIRECTORY_PATH);
  else if (pathname === '/chat' || pathname.startsWith('/chat/')) paths.push(CONVERSATIONS_PATH);
  return paths;
}

/** Starts these GETs with the token and leaves them where api() looks (web/lib/prefetch.ts). */
export function startRequests(paths: string[], token: string): void {
  const started = new Map<string, { token: string; response: Promise<Response>; at: number }>();
  for (const path of paths) {
    const response = fetch(path, { headers: { 'x-auth-token': token } });
    // Nobody may take it (the screen changed first): a failure then is nobody's error.
    response.catch(() => undefined);
    started.set(path, { token, response, at: performance.now() });
  }
  (globalThis as unknown as Record<string, unknown>)[BOOT_EARLY_KEY] = started;
}
