// A member's screen rendered by the server (docs/decisions/0104). Shared by the server, which writes the page, and the
// web app, which takes it over.

/** HttpOnly cookie holding the session token, honoured only to render a page (never by /api or the socket). */
export const PAGE_SESSION_COOKIE = 'thera_session';

/** The `<script type="application/json">` holding the render's query cache and session answer. */
export const PAGE_STATE_ID = 'thera-page-state';

/**
 * What the page says about whose session it was drawn for: a digest of this text (SHA-256, hex), so the app takes the
 * page over only when its stored token is that one. Not the token's stored hash (a different text).
 */
export const pageTagText = (token: string) => `thera-page:${token}`;

/**
 * The state the server puts into the page. `queries` is React Query's dehydrated cache; `drawnAt` the server's clock when
 * it drew the page (ISO), by which the takeover counts relative times ("5m ago") exactly as the server wrote them.
 */
export type PageState<Me = unknown> = { tag: string; me: Me; queries: unknown; drawnAt: string };
