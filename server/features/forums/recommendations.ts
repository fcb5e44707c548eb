import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { Recommendation } from '../../../common/communities.ts';
import { communityColumns, type CommunityRow } from './communities-queries.ts';
import { toRecommendation } from './present.ts';

// Only this many best-scoring communities have their recent posts counted; beyond it the last post time decides.
const CANDIDATES = 200;
// Activity is counted up to this many posts in 30 days: enough to order communities, cheap on the index.
const ACTIVITY_CAP = 100;

export type RecommendationRow = CommunityRow & { m_specialties: string[]; m_modalities: string[]; m_demographics: string[]; recent: number };

/**
 * Communities the user has not joined, ranked by how many of the profile's specialties, modalities and age
 * groups they are tagged with, ties broken by posts in the last 30 days. An empty profile matches nothing,
 * so it gets the most active communities. Each carries the tags that matched, to show why.
 */
export async function recommendedFor(db: Db, userId: string, limit: number): Promise<Recommendation[]> {
  const rows = await queryRows<RecommendationRow>(db, sql`
    WITH me AS (SELECT specialties, modalities, demographics FROM users WHERE id = ${userId}),
    scored AS (
      SELECT c.id, c.last_post_at,
        ARRAY(SELECT unnest(c.specialties) INTERSECT SELECT unnest(me.specialties)) AS m_specialties,
        ARRAY(SELECT unnest(c.modalities) INTERSECT SELECT unnest(me.modalities)) AS m_modalities,
        ARRAY(SELECT unnest(c.demographics) INTERSECT SELECT unnest(me.demographics)) AS m_demographics
      FROM communities c CROSS JOIN me
      WHERE NOT EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${userId})
    ),
    candidates AS (
      SELECT s.*, cardinality(s.m_specialties) + cardinality(s.m_modalities) + cardinality(s.m_demographics) AS score
      FROM scored s ORDER BY score DESC, s.last_post_at DESC NULLS LAST LIMIT ${CANDIDATES}
    ),
    ranked AS (
      SELECT k.*, (SELECT count(*)::int FROM (
        SELECT 1 FROM posts p WHERE p.community_id = k.id AND p.created_at > now() - interval '30 days' LIMIT ${ACTIVITY_CAP}
      ) recent_posts) AS recent
      FROM candidates k
    )
    SELECT ${communityColumns(userId)}, r.m_specialties, r.m_modalities, r.m_demographics, r.recent
    FROM ranked r JOIN communities c ON c.id = r.id
    ORDER BY r.score DESC, r.recent DESC, c.last_post_at DESC NULLS LAST, c.id
    LIMIT ${limit}`);
  return rows.map(toRecommendation);
}
