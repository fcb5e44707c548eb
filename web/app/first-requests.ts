// What a screen asks the API for first, by address, started by the boot script (web/boot.ts, decision 0094): the session
// check, and a drawn screen's first list (common/drawn-screens.ts) at its plain address (no search, no filters: those are
// the ones typed or bookmarked). The app may not import this file, nor the descriptors as values: the boot script would
// then wait for a chunk they share. first-requests.test.ts checks the keys below against web/lib/prefetch.ts.
import { firstListAt } from '../../common/drawn-screens.ts';

const SESSION_PATH = '/api/users/me';
export const BOOT_TOKEN_KEY = 'token';
export const BOOT_EARLY_KEY = '__theraEarly';

/** The session check, then the screen's first list, for a signed-in visit to `pathname` with `search`. */
export function firstRequests(pathname: string, search: string): string[] {
  const first = firstListAt(pathname, search);
  return first ? [SESSION_PATH, first] : [SESSION_PATH];
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
