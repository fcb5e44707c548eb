// /chat drawn by the server: the descriptor is common/drawn-screens.ts; this is its code (docs/decisions/0140).
import type { Conversation } from '../../../common/chat.ts';
import type { DrawnScreenCode } from '../../lib/drawn-screen.ts';
import { acknowledgeDelivered, conversationPage, conversationsQuery } from './api.ts';

/** @public Read from the screen's module by the drawn-screen registry (web/app/first-data.ts). */
export const drawn: DrawnScreenCode<'/chat'> = {
  seed: {
    '/api/conversations?limit=100': (client, me, answer) => void client.setQueryData(
      conversationsQuery(me._id).queryKey, { pages: [conversationPage(answer as Conversation[])], pageParams: [undefined] },
    ),
  },
  // The list's own query acknowledges delivery when it fetches (api.ts), so the browser's start needs nothing more.
  prime: (client, me) => client.prefetchInfiniteQuery(conversationsQuery(me._id)),
  // A list seeded from the server's answers never ran that query: its receipts are sent here, from the browser.
  afterTakeover: (client, me) => {
    for (const page of client.getQueryData(conversationsQuery(me._id).queryKey)?.pages ?? []) acknowledgeDelivered(page.conversations, me._id);
  },
};
