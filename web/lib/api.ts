// The one way the web app talks to the API: adds x-auth-token and turns `{msg, code}` errors into ApiError.
import { codeForStatus, isErrorCode, isServerFault, type ErrorCode } from '../../common/error-codes.ts';
import { MEMBER_HINT_COOKIE } from '../../common/member-hint.ts';
import { forgetIdleDeadline, noteIdleAnswer, recentlyActive } from './idle.ts';
import { TOKEN_KEY, takePrefetched } from './prefetch.ts';

export const SESSION_ENDED_EVENT = 'thera:session-ended';

/** A refusal from the API: `message` is the server's text for people, `code` what the app decides on. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** The refusal's whole body, for the codes that carry more than `{msg, code}` (a forum refusal's findings). */
  readonly body: unknown;
  constructor(status: number, code: ErrorCode, message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Whether an error is the API's refusal with this code. */
export const hasCode = (error: unknown, code: ErrorCode): error is ApiError => error instanceof ApiError && error.code === code;

/** Whether the server refused the request itself (its text says why), rather than failing on its side. */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && !isServerFault(error.code);

// Whoever holds the token is the user: listeners hear every change (sign-in, sign-out, a session that ended), so what was
// cached for one user never reaches the next (web/lib/session.tsx clears the query cache).
const tokenListeners = new Set<() => void>();

export function onTokenChange(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => void tokenListeners.delete(listener);
}

// No storage (the build's prerender runs in Node): a visitor.
export const getToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));

/**
 * A hint for the server, not a credential: with it, "/" comes without the visitors' prerendered landing page, which a
 * member would see flash before their dashboard (docs/decisions/0099). The token itself never leaves localStorage.
 */
export function markMember(signedIn: boolean) {
  if (typeof document === 'undefined') return;
  if (signedIn === document.cookie.includes(`${MEMBER_HINT_COOKIE}=1`)) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${MEMBER_HINT_COOKIE}=${signedIn ? '1; Max-Age=31536000' : '; Max-Age=0'}; Path=/; SameSite=Lax${secure}`;
}

export function setToken(token: string) {
  // A new session's deadline is its own: one left by an earlier session must not sign this one out.
  forgetIdleDeadline();
  localStorage.setItem(TOKEN_KEY, token);
  markMember(true);
  tokenListeners.forEach((listener) => listener());
}

export function clearToken() {
  if (getToken() === null) return;
  localStorage.removeItem(TOKEN_KEY);
  markMember(false);
  tokenListeners.forEach((listener) => listener());
}

/** A refusal of the token in use ends the session; a late one for a token already replaced (a new sign-in) does not. */
function endSession(refused: string) {
  if (getToken() !== refused) return;
  clearToken();
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/** `idempotent`: a create the server accepts an Idempotency-Key for (posts, comments, replies, referrals, offers, reports). */
type Options = { method?: string; body?: unknown; signal?: AbortSignal; idempotent?: boolean };

// One Idempotency-Key per submission: a create whose answer was lost (a timeout, a dropped connection) and is sent
// again with the same body reuses its key, so the server answers the first answer instead of creating twice. The key
// is dropped once the server has answered (stored or refused): the next submission, even with the same words, is new.
const submissionKeys = new Map<string, string>();

function submissionKey(method: string, path: string, payload: string | undefined): { key: string; done: () => void } {
  const submission = `${method} ${path} ${payload ?? ''}`;
  const key = submissionKeys.get(submission) ?? crypto.randomUUID();
  submissionKeys.set(submission, key);
  return { key, done: () => submissionKeys.delete(submission) };
}

export async function api<T>(path: string, { method = 'GET', body, signal, idempotent = false }: Options = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['x-auth-token'] = token;
  // A form (a photo upload) goes as multipart, with the boundary the browser writes; anything else as JSON.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const payload = body === undefined ? undefined : isForm ? body : JSON.stringify(body);
  const submission = idempotent && !isForm ? submissionKey(method, path, payload as string | undefined) : undefined;
  if (submission) headers['idempotency-key'] = submission.key;
  // The boot script may have asked already (web/boot.ts): its answer is this one, without waiting for a second trip.
  const early = method === 'GET' && token ? takePrefetched(path, token) : undefined;
  const sentAt = Date.now();
  const active = recentlyActive();
  const response = await (early ?? fetch(path, { method, headers, body: payload, signal }));
  if (token) noteIdleAnswer(response.headers, sentAt, active);
  const data = await response.json().catch(() => null);
  // Answered, but not "still in progress" (409 CONFLICT) or a server failure: those a retry sends with the same key.
  if (submission && !(response.status === 409 && data?.code === 'CONFLICT') && response.status < 500) submission.done();
  if (!response.ok) {
    // An answer without a code (a proxy's error page) gets the general code of its status.
    const code = isErrorCode(data?.code) ? data.code : codeForStatus(response.status);
    if (code === 'SESSION_ENDED' && token) endSession(token);
    const msg = data && typeof data.msg === 'string' ? data.msg : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, code, msg, data);
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
