// A drawn screen's data in the query cache before the first render, wherever it comes from (docs/decisions/0140): the
// code is the screen module's `drawn` export (web/lib/drawn-screen.ts), described by common/drawn-screens.ts, which the
// app imports only as types (the boot script bundles it; shared, it would be a chunk the boot script waits for).
import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../../common/accounts.ts';
import type { ScreenModule } from '../lib/drawn-screen.ts';
import { waitingPaths } from '../lib/prefetch.ts';

/**
 * The browser's own start (decision 0094): the boot script has already asked for the screen's first
 * list; putting its answer in the cache here lets the first render draw the list itself, instead of drawing the screen
 * empty, painting, and drawing it again when the answer arrives a moment later. Only when the boot script started one of
 * the screen's reads (a plain address): a filtered list is the screen's to ask for.
 */
export async function primeFirstData(client: QueryClient, me: Me, screen: ScreenModule | undefined): Promise<void> {
  const drawn = screen?.drawn;
  if (drawn && waitingPaths().some((path) => path in drawn.seed)) await drawn.prime(client, me);
}

/**
 * The server's render (docs/decisions/0104): the API's answers, by path, into the cache under the screen's own keys.
 * No request and no query function runs (the chat list's would emit delivery receipts on a socket).
 */
export function seedDrawnScreen(client: QueryClient, me: Me, screen: ScreenModule | undefined, answers: Record<string, unknown>): void {
  const seed = screen?.drawn?.seed ?? {};
  for (const [path, answer] of Object.entries(answers)) seed[path]?.(client, me, answer);
}

/** Once the browser has taken a drawn page over: what the screen's first query does in a browser and a render must not. */
export async function afterTakeover(client: QueryClient, me: Me, screen: ScreenModule | undefined): Promise<void> {
  await screen?.drawn?.afterTakeover?.(client, me);
}
