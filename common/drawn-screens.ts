// The member screens the server draws (docs/decisions/0104, 0140): one descriptor each, read by the server (which
// addresses to draw, which API answers to read for them, which code to preload), by the boot script (which list to start
// early) and, through the module it names, by the web app (how the answers go into the query cache, what runs after the
// takeover). The code half lives in that module's `drawn` export, typed from this descriptor (web/lib/drawn-screen.ts).
//
// This file imports nothing at run time, and the web app imports it only as types (eslint.config.js): the boot script
// bundles it, and a module the app also imported would become a chunk the boot script waits for.

type Descriptor = {
  /** The address drawn by the server for a verified member: the screen's plain address (no search, no filters). */
  path: string;
  /** Every address that shows the screen: the server preloads `module` there, and the boot script starts `first`. */
  addresses: RegExp;
  /** The screen's first list, exactly as its own query asks for it: the boot script starts it, the server reads it. */
  first: string;
  /** What else the drawn screen shows, as its hooks ask for it: read by the server only, so nothing fills in later. */
  side: readonly string[];
  /** The screen's module under web/ (Vite's manifest key): its chunks, and its `drawn` export, the code half. */
  module: string;
  /**
   * What the first list's query does in the browser that a render must not (no query function runs on the server),
   * done by the module's `drawn.afterTakeover` once the browser has the page; null when there is nothing.
   */
  afterTakeover: string | null;
};

/** As many communities as the forums' side columns show (common/constants.ts FORUM_SIDEBAR_COMMUNITIES, tested). */
const SIDEBAR = 5;

export const DRAWN_SCREENS = [
  {
    path: '/forums',
    addresses: /^\/forums$/,
    first: '/api/forumPosts/feed',
    // Drawn "Loading..." instead, the side columns filled in after the takeover and pushed the posts 400 px down the
    // phone's screen, under a finger aimed at a title.
    side: ['/api/communities/joined', `/api/communities/recommendations?limit=${SIDEBAR}`, `/api/communities?page=1&limit=${SIDEBAR}`],
    module: 'features/forums/ForumsPage.tsx',
    afterTakeover: null,
  },
  {
    path: '/therapists',
    addresses: /^\/therapists$/,
    first: '/api/users',
    side: [],
    module: 'features/therapists/TherapistsPage.tsx',
    afterTakeover: null,
  },
  {
    path: '/chat',
    addresses: /^\/chat(\/[^/]+)?$/,
    first: '/api/conversations?limit=100',
    side: [],
    module: 'features/chat/ChatPage.tsx',
    // Without it the sender's tick stayed "sent" until the list was next fetched.
    afterTakeover: "delivery receipts for the listed conversations' last messages",
  },
] as const satisfies readonly Descriptor[];

export type DrawnScreen = (typeof DRAWN_SCREENS)[number];
export type DrawnPath = DrawnScreen['path'];

/** The screen the server draws at exactly `url` (a GET's path and search), if any. */
export const drawnScreenAt = (url: string): DrawnScreen | undefined => DRAWN_SCREENS.find((screen) => screen.path === url);

/** Every API path the server reads to draw `screen`: its first list, then its side data. */
export const drawnScreenReads = (screen: DrawnScreen): string[] => [screen.first, ...screen.side];

/** The first list to start early at `pathname` with `search`: only at a plain address, the one typed or bookmarked. */
export function firstListAt(pathname: string, search: string): string | undefined {
  if (search !== '' && search !== '?') return undefined;
  return DRAWN_SCREENS.find((screen) => screen.addresses.test(pathname))?.first;
}
