// Requests the boot script starts before the app's code has loaded (decision 0094): the session check and the screen's
// first list go out with the page's scripts instead of after them. api() takes a GET's answer from here, once.

/** Where the session token is kept (localStorage), here so that the boot script needs nothing else. */
export const TOKEN_KEY = 'token';

type Started = { token: string; response: Promise<Response>; at: number };

const started = new Map<string, Started>();
// An answer older than this is not used: the screen asks again (the user may have waited on a slow page, or moved on).
const MAX_AGE_MS = 10_000;

/** Starts a GET with this token; its answer waits for the first api() call for the same path. */
export function prefetch(path: string, token: string): void {
  const response = fetch(path, { headers: { 'x-auth-token': token } });
  // Nobody may take it (the screen changed first): a failure then is nobody's error.
  response.catch(() => undefined);
  started.set(path, { token, response, at: performance.now() });
}

/** The started answer for this path and token, if one is waiting and fresh; each answer is handed out once. */
export function takePrefetched(path: string, token: string): Promise<Response> | undefined {
  const hit = started.get(path);
  if (!hit) return undefined;
  started.delete(path);
  return hit.token === token && performance.now() - hit.at < MAX_AGE_MS ? hit.response : undefined;
}
