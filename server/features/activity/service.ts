import type { FeedCursor } from '../../../common/activity.ts';
import { ACTIVITY_FEED_SIZE } from '../../../common/constants.ts';
import type { ServiceContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { activityFeed } from './queries.ts';

const FIRST_PAGE = 'activity:first-page';

/**
 * A page of the feed as JSON. Every dashboard opens with the same first page: overlapping requests share one read
 * through the read cache, kept only while it runs (docs/decisions/0040), and its JSON is written once for all of them.
 * Cursor pages are read for their one reader.
 */
export async function activityFeedJson(ctx: ServiceContext, _user: CurrentUser, cursor: FeedCursor): Promise<string> {
  const page = async () => JSON.stringify(await activityFeed(ctx.db, cursor, ACTIVITY_FEED_SIZE));
  return cursor.before ? page() : ctx.cache.read(FIRST_PAGE, page, { ttlMs: 0 });
}
