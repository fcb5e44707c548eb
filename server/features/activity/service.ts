import type { FeedCursor } from '../../../common/activity.ts';
import { ACTIVITY_FEED_SIZE } from '../../../common/constants.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { coalesce } from '../../lib/coalesce.ts';
import { activityFeed } from './queries.ts';

const readJson = async (db: Db, cursor: FeedCursor) => JSON.stringify(await activityFeed(db, cursor, ACTIVITY_FEED_SIZE));

// Every dashboard opens with the same first page: overlapping requests share one read (see coalesce), per database.
const firstPages = new WeakMap<Db, () => Promise<string>>();
function firstPageOf(db: Db): () => Promise<string> {
  let read = firstPages.get(db);
  if (!read) {
    const shared = coalesce(() => readJson(db, {}));
    firstPages.set(db, (read = () => shared(undefined)));
  }
  return read;
}

/**
 * The dashboard's Recent Activity as JSON text: new posts, comments and published resources, newest first. Written once
 * for every reader of the first page; the items are built by typed code (present.ts) in the shape of FeedResponse.
 */
export async function activityFeedJson(ctx: AppContext, _user: CurrentUser, cursor: FeedCursor): Promise<string> {
  return cursor.before ? readJson(ctx.db, cursor) : firstPageOf(ctx.db)();
}
