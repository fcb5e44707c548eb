import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../context.ts';
import { lifetimeOf } from '../../lib/caches.ts';
import type { Recommendation } from '../../../common/communities.ts';
import { communityColumns, type CommunityRow } from './communities-queries.ts';
import { toRecommendation } from './present.ts';

// Activity is counted up to this many posts in 30 days: enough to order communities, cheap on the index.
const ACTIVITY_CAP = 100;
// Outside the forum pages' prefix (forum-reads.ts): a like or a comment must not make every reader count again.
const ACTIVITY_KEY = 'community-activity';

export type RecommendationRow = CommunityRow & { m_specialties: string[]; m_modalities: string[]; m_demographics: string[]; recent: number };

/** What ranking needs of one community: the same for every reader. */
type CommunityActivity = { id: string; specialties: string[]; modalities: string[]; demographics: string[]; lastPostMs: number | null; recent: number };
type Reader = { specialties: string[]; modalities: string[]; demographics: string[]; joined: string[] };
type Ranked = CommunityActivity & { matched: Pick<CommunityActivity, 'specialties' | 'modalities' | 'demographics'>; score: number };

/**
 * Every community's tags and posts in the last 30 days, read once per node for COMMUNITY_ACTIVITY_CACHE_MS: counting
 * recent posts was most of a recommendation's cost, and it is the same for every reader (decision 0089).
 */
function communityActivity(ctx: ServiceContext): Promise<CommunityActivity[]> {
  return ctx.cache.read(ACTIVITY_KEY, () => queryRows<CommunityActivity>(ctx.db, sql`
    SELECT c.id, c.specialties, c.modalities, c.demographics,
      (extract(epoch FROM c.last_post_at) * 1000)::float8 AS "lastPostMs",
      (SELECT count(*)::int FROM (
        SELECT 1 FROM posts p WHERE p.community_id = c.id AND p.created_at > now() - interval '30 days' LIMIT ${ACTIVITY_CAP}
      ) recent_posts) AS recent
    FROM communities c`), { ttlMs: lifetimeOf(ctx.config, 'communityActivity') });
}

/** A community made or deleted shows in (or leaves) the suggestions at once, on every node. */
export function forgetCommunityActivity(ctx: ServiceContext): void {
  ctx.caches.publish({ type: 'community.changed' });
}

async function readerOf(db: Db, userId: string): Promise<Reader> {
  const [row] = await queryRows<Reader>(db, sql`
    SELECT u.specialties, u.modalities, u.demographics,
      ARRAY(SELECT m.community_id::text FROM community_members m WHERE m.user_id = u.id) AS joined
    FROM users u WHERE u.id = ${userId}`);
  return row ?? { specialties: [], modalities: [], demographics: [], joined: [] };
}

const shared = (tags: string[], wanted: string[]) => tags.filter((tag) => wanted.includes(tag));

/** Most matching tags first, then most recent posts, then the latest post, then id: the order the page shows. */
function byRank(a: Ranked, b: Ranked): number {
  return b.score - a.score || b.recent - a.recent || (b.lastPostMs ?? -Infinity) - (a.lastPostMs ?? -Infinity) || (a.id < b.id ? -1 : 1);
}

/**
 * Communities the user has not joined, ranked by how many of the profile's specialties, modalities and age
 * groups they are tagged with, ties broken by posts in the last 30 days. An empty profile matches nothing,
 * so it gets the most active communities. Each carries the tags that matched, to show why.
 */
export async function recommendedFor(ctx: ServiceContext, userId: string, limit: number): Promise<Recommendation[]> {
  const [all, reader] = await Promise.all([communityActivity(ctx), readerOf(ctx.db, userId)]);
  const joined = new Set(reader.joined);
  const top = all.filter((c) => !joined.has(c.id)).map((c): Ranked => {
    const matched = {
      specialties: shared(c.specialties, reader.specialties), modalities: shared(c.modalities, reader.modalities),
      demographics: shared(c.demographics, reader.demographics),
    };
    return { ...c, matched, score: matched.specialties.length + matched.modalities.length + matched.demographics.length };
  }).sort(byRank).slice(0, limit);
  if (!top.length) return [];
  const rows = await queryRows<CommunityRow>(ctx.db, sql`
    SELECT ${communityColumns(userId)} FROM communities c WHERE c.id = ANY(${`{${top.map((c) => c.id).join(',')}}`}::uuid[])`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A community deleted since the activity was read is left out.
  return top.flatMap((c) => {
    const row = byId.get(c.id);
    return row ? [toRecommendation({
      ...row, m_specialties: c.matched.specialties, m_modalities: c.matched.modalities, m_demographics: c.matched.demographics, recent: c.recent,
    })] : [];
  });
}
