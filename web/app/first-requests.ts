// What a screen asks the API for first, by address (decision 0094): the boot script starts these with the page's scripts.
// Only the plain address of a screen (no search, no filters): those are the ones typed or bookmarked; first-requests.test.ts
// checks each path against the screen's own query.

export const SESSION_PATH = '/api/users/me';
export const FEED_PATH = '/api/forumPosts/feed';
export const DIRECTORY_PATH = '/api/users';
export const CONVERSATIONS_PATH = '/api/conversations?limit=100';

/** The session check, then the screen's first list, for a signed-in visit to `pathname` with `search`. */
export function firstRequests(pathname: string, search: string): string[] {
  const plain = search === '' || search === '?';
  const paths = [SESSION_PATH];
  if (pathname === '/forums' && plain) paths.push(FEED_PATH);
  else if (pathname === '/therapists' && plain) paths.push(DIRECTORY_PATH);
  else if (pathname === '/chat' || pathname.startsWith('/chat/')) paths.push(CONVERSATIONS_PATH);
  return paths;
}
