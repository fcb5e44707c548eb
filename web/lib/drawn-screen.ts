// The code half of a drawn screen's descriptor (common/drawn-screens.ts, docs/decisions/0140): exported as `drawn` by
// the module the descriptor names, and typed from the descriptor, so a read added there without its seed here, or an
// after-takeover effect promised there and not written here, fails the type check.
import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../../common/accounts.ts';
import type { DrawnPath, DrawnScreen } from '../../common/drawn-screens.ts';

type Of<P extends DrawnPath> = Extract<DrawnScreen, { path: P }>;
type Effect = (client: QueryClient, me: Me) => void | Promise<void>;

export type DrawnScreenCode<P extends DrawnPath> = {
  /**
   * Puts the API's answer for each read (by its path) into the cache under the screen's own key, in the shape the
   * screen's query makes of it. No request and no query function runs: used by the server's render.
   */
  seed: { [Read in Of<P>['first'] | Of<P>['side'][number]]: (client: QueryClient, me: Me, answer: unknown) => void };
  /**
   * The browser's own start (no drawn page): the screen's first list through its own query, which takes the answer
   * the boot script started (web/lib/prefetch.ts), so the first render draws the list.
   */
  prime: Effect;
} & (Of<P>['afterTakeover'] extends null ? { afterTakeover?: never } : { afterTakeover: Effect });

/** A loaded screen module, as the app and the server's render see it: its `drawn` part, when it is a drawn screen. */
export type ScreenModule = { drawn?: AnyDrawnScreenCode };
type AnyDrawnScreenCode = {
  seed: Record<string, (client: QueryClient, me: Me, answer: unknown) => void>;
  prime: Effect;
  afterTakeover?: Effect;
};
