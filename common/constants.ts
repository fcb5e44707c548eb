// Business constants of the spec's section 9, and limits shared by both sides.
export const FEATURED_THERAPISTS = 6;
export const THERAPISTS_PAGE_SIZE = 12;
export const THERAPISTS_MAX_PAGE_SIZE = 50;
export const COMMUNITIES_PAGE_SIZE = 9;
export const FORUM_SIDEBAR_COMMUNITIES = 5;
export const DASHBOARD_COMMUNITIES = 5;
export const POSTS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;
export const RESOURCES_PAGE_SIZE = 20;
export const RESOURCES_MAX_PAGE_SIZE = 50;
export const ACTIVITY_FEED_SIZE = 30;
export const REDIRECT_DELAY_MS = 2000;
export const TYPING_IDLE_MS = 2000;
export const NAVBAR_SCROLL_THRESHOLD_PX = 10;
export const BADGES_ON_CARD = 3;

export const REALTIME_CLIENT_OPTIONS = {
  timeout: 20000,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
} as const;

export const LIMITS = {
  name: 120,
  email: 254,
  passwordMin: 10,
  passwordMax: 128,
  url: 2000,
  shortText: 200,
  bio: 2000,
  selfDescribedGender: 50,
  listItems: 100,
} as const;
