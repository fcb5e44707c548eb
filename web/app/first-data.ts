// The screen's first list in the query cache before the app's first render (issue #18). The boot script has already
// asked for it (first-requests.ts); putting its answer in the cache here lets the first render draw the list itself,
// instead of drawing the screen empty, painting, and drawing it again when the answer arrives a moment later.
import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../../common/accounts.ts';
import { CONVERSATIONS_PATH, DIRECTORY_PATH, FEED_PATH, firstRequests } from './first-requests.ts';

// Each is the screen's own query for its plain address: the same key, so the screen finds the answer, and the same
// path, so api() takes the boot script's answer instead of asking again (first-requests.test.ts checks both).
const FIRST_DATA: Record<string, (client: QueryClient, me: Me) => Promise<void>> = {
  [FEED_PATH]: async (client) => {
    const { postListQuery, DEFAULT_POST_ORDER } = await import('../features/forums/api.ts');
    await client.prefetchInfiniteQuery(postListQuery(DEFAULT_POST_ORDER));
  },
  [DIRECTORY_PATH]: async (client) => {
    const [{ directoryQuery }, { EMPTY_FILTERS }] = await Promise.all([
      import('../features/therapists/api.ts'), import('../features/therapists/filters.ts')]);
    await client.prefetchQuery(directoryQuery(EMPTY_FILTERS));
  },
  [CONVERSATIONS_PATH]: async (client, me) => {
    const { conversationsQuery } = await import('../features/chat/api.ts');
    await client.prefetchInfiniteQuery(conversationsQuery(me._id));
  },
};

/** Fetches (from the boot script's answer) the first list of the screen at this address into `client`. */
export async function primeFirstData(client: QueryClient, me: Me, pathname: string, search: string): Promise<void> {
  await Promise.all(firstRequests(pathname, search).map((path) => FIRST_DATA[path]?.(client, me)));
}
