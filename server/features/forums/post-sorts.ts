// The SQL of sorted post pages: Latest, Top in a period and Unanswered, for the feed or one community.
// Each page is a keyset page read along its own index (migrations 0020 and 0132), so a deep page costs what the first does.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { POSTS_PAGE_SIZE } from '../../../common/constants.ts';
import type { PostSort, TopPeriod } from '../../../common/posts.ts';
import { decodeTimeCursor, decodeTopCursor, encodeTopCursor } from './cursor.ts';
import { POST_COLUMNS, postsWithDetails, timePage, type PostRow, type SharedPostsPage } from './posts-queries.ts';

export type SortChoice = { sort: PostSort; period: TopPeriod };

const NEWEST_FIRST = sql`page.created_at DESC, page.id DESC`;
const MOST_LIKED_FIRST = sql`page.likes_count DESC, page.id DESC`;
// NULLS LAST spells out the order the indexes are built in: plain DESC means NULLS FIRST, and PostgreSQL would then
// sort the whole table instead of reading the index.
const NEWEST_INDEX_ORDER = sql.raw('p.created_at DESC NULLS LAST, p.id DESC NULLS LAST');
const TOP_INDEX_ORDER = sql.raw('p.likes_count DESC NULLS LAST, p.id DESC NULLS LAST');
// One row past the page tells whether another page follows.
const PAGE_PLUS_ONE = POSTS_PAGE_SIZE + 1;

const inCommunity = (communityId: string | null) => (communityId ? sql`AND p.community_id = ${communityId}` : sql``);

function olderThan(before: string | undefined) {
  const cursor = decodeTimeCursor(before);
  return cursor ? sql`AND (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;
}

function lessLikedThan(before: string | undefined) {
  const cursor = decodeTopCursor(before);
  return cursor ? sql`AND (p.likes_count, p.id) < (${cursor.likes}::int, ${cursor.id}::uuid)` : sql``;
}

// The period's start is computed by the database, so every node and the cursor agree on "now".
const PERIOD_START: Record<TopPeriod, SQL> = {
  week: sql`AND p.created_at > now() - interval '7 days'`,
  month: sql`AND p.created_at > now() - interval '30 days'`,
  all: sql``,
};

/** Newest first, all posts or only those without comments (the partial indexes hold only those). */
export function newestQuery(communityId: string | null, before: string | undefined, unanswered: boolean): SQL {
  const page = sql`SELECT ${POST_COLUMNS} FROM posts p
    WHERE ${unanswered ? sql`p.comments_count = 0` : sql`true`} ${inCommunity(communityId)} ${olderThan(before)}
    ORDER BY ${NEWEST_INDEX_ORDER} LIMIT ${PAGE_PLUS_ONE}`;
  return postsWithDetails(page, { orderBy: NEWEST_FIRST });
}

/** Most liked first among the posts written in the period; ties by id, so the cursor (likes, id) is exact. */
function topQuery(communityId: string | null, before: string | undefined, period: TopPeriod): SQL {
  const page = sql`SELECT ${POST_COLUMNS} FROM posts p
    WHERE true ${inCommunity(communityId)} ${PERIOD_START[period]} ${lessLikedThan(before)}
    ORDER BY ${TOP_INDEX_ORDER} LIMIT ${PAGE_PLUS_ONE}`;
  return postsWithDetails(page, { orderBy: MOST_LIKED_FIRST });
}

async function topPage(db: Db, query: SQL): Promise<SharedPostsPage> {
  const rows = await queryPrepared<PostRow>(db, query);
  const more = rows.length > POSTS_PAGE_SIZE;
  const shown = more ? rows.slice(0, POSTS_PAGE_SIZE) : rows;
  const last = shown[shown.length - 1];
  return { rows: shown, nextCursor: more && last ? encodeTopCursor({ likes: last.likes_count, id: last.id }) : null };
}

/** One page of posts in the chosen order (cursors of one order are refused by the others with 400). */
export async function sortedPage(db: Db, communityId: string | null, before: string | undefined, choice: SortChoice): Promise<SharedPostsPage> {
  if (choice.sort === 'top') return topPage(db, topQuery(communityId, before, choice.period));
  return timePage(db, newestQuery(communityId, before, choice.sort === 'unanswered'), POSTS_PAGE_SIZE);
}

/** The shared-read key of a sorted page; the period matters only to Top. */
export const sortKey = ({ sort, period }: SortChoice) => (sort === 'top' ? `top:${period}` : sort);
