// Every refusal, over HTTP and in socket acks, is `{msg, code}`: `msg` is for people (the spec's texts, which may
// change), `code` is for programs and never changes once published. Clients branch on the code, never on the text.
// Without zod, so that the web app's first script carries no schema library (decision 0094); errors.ts adds the schema.
export const ErrorCode = {
  /** The request breaks a rule of its content (passwords do not match, a reply to a deleted comment...). */
  BAD_REQUEST: 'BAD_REQUEST',
  /** A field failed its schema; `msg` names the field. */
  VALIDATION: 'VALIDATION',
  /** No token was sent: sign in first. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** A token was sent but its session has ended (logout, expiry, password reset, account disabled). */
  SESSION_ENDED: 'SESSION_ENDED',
  /** Signed in, but the licence has not been verified yet. */
  NOT_VERIFIED: 'NOT_VERIFIED',
  FORBIDDEN: 'FORBIDDEN',
  /** An administrator must turn on two-factor sign-in first (ADMIN_REQUIRE_2FA): only their own account's routes answer. */
  TWO_FACTOR_REQUIRED: 'TWO_FACTOR_REQUIRED',
  /** The second step of a sign-in came too late or was already used: sign in with the password again. */
  SIGN_IN_EXPIRED: 'SIGN_IN_EXPIRED',
  /** A text others read about a client holds an identifying detail (a phone number, a name found for certain...). */
  IDENTIFYING_TEXT: 'IDENTIFYING_TEXT',
  /** The text may hold a name: send it again with `confirmLikelyName: true` if it is not one. */
  LIKELY_NAME: 'LIKELY_NAME',
  /** A forum post or comment looks like it identifies a client (409, with `findings`): send it again with
   * `confirmDeidentified: true` once the writer has checked it does not. */
  LOOKS_IDENTIFYING: 'LOOKS_IDENTIFYING',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_LARGE: 'TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  /** An Idempotency-Key already used by this member for a different request (422): use a new key for a new request. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** Our fault, not the client's: nothing about the request needs to change. */
  INTERNAL: 'INTERNAL',
  /** A dependency (the database) cannot be reached right now. */
  UNAVAILABLE: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];


const BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT',
  413: 'TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED', 503: 'UNAVAILABLE',
};

/** The general code of a status: for answers that carry no code of their own (a proxy's 502, a framework's 405). */
export function codeForStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ErrorCode, value);

/** Whether the fault is on the server's side: the client's request itself may be fine. */
export const isServerFault = (code: ErrorCode) => code === 'INTERNAL' || code === 'UNAVAILABLE';
