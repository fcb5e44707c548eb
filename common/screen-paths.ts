// The addresses of the screens worth starting early (web/app/routes.tsx draws them): the server preloads each one's
// code (server/lib/web-preload.ts, decision 0094) and the app waits for that same code before its first render
// (web/app/routes.tsx preloadMemberScreen, decision 0099). One table, so the two sides cannot disagree on an address.
export const SCREEN_PATHS = {
  home: /^\/$/,
  faq: /^\/faq$/,
  login: /^\/login$/,
  register: /^\/register$/,
  dashboard: /^\/dashboard$/,
  forums: /^\/forums$/,
  communities: /^\/communities$/,
  community: /^\/community\/[^/]+$/,
  post: /^\/(community\/[^/]+\/)?post\/[^/]+$/,
  bookmarks: /^\/bookmarks$/,
  chat: /^\/chat(\/[^/]+)?$/,
  therapists: /^\/therapists$/,
  profile: /^\/profile\/[^/]+$/,
  resources: /^\/resources$/,
  referrals: /^\/referrals(\/(sent|board))?$/,
  notifications: /^\/notifications$/,
  settings: /^\/settings(\/[^/]+)?$/,
} as const;
