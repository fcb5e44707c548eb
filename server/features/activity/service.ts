import type { FeedCursor } from '../../../common/activity.ts';
import { ACTIVITY_FEED_SIZE } from '../../../common/constants.ts';
import type { ServiceContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { activityFeedJson as readPage } from './queries.ts';

const FIRST_PAGE = 'activity:first-page';
const CURSOR_PAGE = 'activity:page:';

/**
 * A page of the feed as JSON. Every dashboard opens with the same first page: overlapping requests share one read
 * through the read cache, kept only while it runs (docs/decisions/0040), and its JSON (written by PostgreSQL) serves them all.
 * The next page's cursor is that shared page's last item, so readers paging on at the same time ask for the same
 * cursor page: overlapping requests for one cursor share its read the same way (nothing is kept after it).
 */
export async function activityFeedJson(ctx: ServiceContext, _user: CurrentUser, cursor: FeedCursor): Promise<string> {
  const page = () => readPage(ctx.db, cursor, ACTIVITY_FEED_SIZE);
  const key = cursor.before ? `${CURSOR_PAGE}${cursor.before}|${cursor.beforeId ?? ''}` : FIRST_PAGE;
  return ctx.cache.read(key, page, { ttlMs: 0 });
}
