// The one way the web app talks to the API: adds x-auth-token and turns `{msg, code}` errors into ApiError.
import { codeForStatus, isErrorCode, isServerFault, type ErrorCode } from '../../common/errors.ts';

export const TOKEN_KEY = 'token';
export const SESSION_ENDED_EVENT = 'thera:session-ended';

/** A refusal from the API: `message` is the server's text for people, `code` what the app decides on. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  constructor(status: number, code: ErrorCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Whether an error is the API's refusal with this code. */
export const hasCode = (error: unknown, code: ErrorCode): error is ApiError => error instanceof ApiError && error.code === code;

/** Whether the server refused the request itself (its text says why), rather than failing on its side. */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && !isServerFault(error.code);

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

export async function api<T>(path: string, { method = 'GET', body, signal }: Options = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['x-auth-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    // An answer without a code (a proxy's error page) gets the general code of its status.
    const code = isErrorCode(data?.code) ? data.code : codeForStatus(response.status);
    if (code === 'SESSION_ENDED') window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    const msg = data && typeof data.msg === 'string' ? data.msg : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, code, msg);
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
