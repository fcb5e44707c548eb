// How live events (the socket, an answer to a write) edit the query cache (docs/decisions/0415). A read of the same key
// that is still on its way may have been answered by the server before the event happened; its answer replaces the
// cache when it lands and would undo the event (a conversation opened as its first message arrived showed "No messages
// yet"). So every live edit is applied now and again once that read is in.
import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

type LiveOptions<T> = {
  /**
   * The edit applied after the read, when it differs from the first: the read's answer may hold a newer state than the
   * event (the conversation list places a conversation again only if the answer does not hold it as recent).
   */
  again?: Updater<T | undefined, T | undefined>;
};

/** The fetch of exactly this key still waiting for its answer, if any. */
function fetchInFlight(client: QueryClient, queryKey: QueryKey): Promise<unknown> | undefined {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  return query?.state.fetchStatus === 'fetching' ? query.promise : undefined;
}

/**
 * Applies `update` to the data under `queryKey` now, and again once a fetch of that key in flight has settled
 * (answered, failed or cancelled), and after the fetch that replaced it, if any. An edit must therefore be safe to
 * apply twice: keyed by id, moving statuses forward, or a whole value the event decides.
 */
export function applyLive<T>(client: QueryClient, queryKey: QueryKey, update: Updater<T | undefined, T | undefined>, options: LiveOptions<T> = {}): void {
  const stale = client.getQueryState(queryKey)?.isInvalidated === true;
  client.setQueryData<T>(queryKey, update);
  // setQueryData marks the data fresh: a key invalidated before (after a reconnect, say) would skip the read it was
  // waiting for, and what was missed meanwhile would stay hidden. It stays invalidated, read when next shown.
  if (stale) void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  const again = options.again ?? update;
  const reapplyAfter = (fetch: Promise<unknown> | undefined) => {
    // The query writes the answer before the promise's other listeners run, so this comes after it.
    const settled = () => {
      client.setQueryData<T>(queryKey, again);
      const next = fetchInFlight(client, queryKey);
      // A refetch that cancelled this one (an invalidation) answers later: applied again after it too.
      if (next !== fetch) reapplyAfter(next);
    };
    void fetch?.then(settled, settled);
  };
  reapplyAfter(fetchInFlight(client, queryKey));
}
