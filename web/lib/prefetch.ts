// Requests the boot script started before the app's code had loaded (decision 0094, web/app/first-requests.ts): the
// session check and the screen's first list go out with the page's scripts instead of after them. api() takes a GET's
// answer from here, once. The boot script shares no module with the app (that would be one more chunk to wait for), so
// the two meet on a global: EARLY_KEY, holding a Map from path to what was started.

/** Where the session token is kept (localStorage). */
export const TOKEN_KEY = 'token';
export const EARLY_KEY = '__theraEarly';

export type Started = { token: string; response: Promise<Response>; at: number };

// An answer older than this is not used: the screen asks again (the user may have waited on a slow page, or moved on).
const MAX_AGE_MS = 10_000;

const startedRequests = () => (globalThis as unknown as Record<string, Map<string, Started> | undefined>)[EARLY_KEY];

/** The started answer for this path and token, if one is waiting and fresh; each answer is handed out once. */
export function takePrefetched(path: string, token: string): Promise<Response> | undefined {
  const started = startedRequests();
  const hit = started?.get(path);
  if (!hit) return undefined;
  started!.delete(path);
  return hit.token === token && performance.now() - hit.at < MAX_AGE_MS ? hit.response : undefined;
}

/** The paths the boot script started and no one has taken yet. */
export const waitingPaths = (): string[] => [...(startedRequests()?.keys() ?? [])];
