// The one way the web app talks to the API: adds x-auth-token and turns `{msg}` errors into ApiError.

export const TOKEN_KEY = 'token';
export const SESSION_ENDED_EVENT = 'thera:session-ended';

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

// Whoever holds the token is the user: listeners hear every change (sign-in, sign-out, a session that ended), so what was
// cached for one user never reaches the next (web/lib/session.tsx clears the query cache).
const tokenListeners = new Set<() => void>();

export function onTokenChange(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => void tokenListeners.delete(listener);
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  tokenListeners.forEach((listener) => listener());
}

export function clearToken() {
  if (getToken() === null) return;
  localStorage.removeItem(TOKEN_KEY);
  tokenListeners.forEach((listener) => listener());
}

/** A refusal of the token in use ends the session; a late one for a token already replaced (a new sign-in) does not. */
function endSession(refused: string) {
  if (getToken() !== refused) return;
  clearToken();
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

export async function api<T>(path: string, { method = 'GET', body, signal }: Options = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['x-auth-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token) endSession(token);
    const msg = data && typeof data.msg === 'string' ? data.msg : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, msg);
  }
  return data as T;
}

/** Builds a query string from defined, non-empty values; arrays become comma-separated. */
export function query(params: Record<string, string | number | string[] | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(key, value.join(','));
    } else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
