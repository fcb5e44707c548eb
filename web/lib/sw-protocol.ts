// What the page and the service worker (web/sw.ts) say to each other, and the one cache that may hold member data.

/** The listed API answers kept to read offline (the chat list, a conversation's newest page): emptied at sign-out. */
export const MEMBER_CACHE = 'thera-member-lists';

export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', signedOut: 'SIGNED_OUT' } as const;
