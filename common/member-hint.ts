// A cookie the web app sets while a token is stored (web/lib/api.ts) and the server reads to choose the landing page's
// markup (server/lib/web-preload.ts, docs/decisions/0099). A hint, not a credential: it proves nothing and unlocks nothing.
export const MEMBER_HINT_COOKIE = 'thera_member';
