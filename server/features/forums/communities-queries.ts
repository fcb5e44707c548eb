import { sql, type SQL } from 'drizzle-orm';
import { isoTime } from './posts-queries.ts';

export type CommunityRow = {
  id: string; name: string; description: string; specialties: string[]; modalities: string[]; demographics: string[];
  posts_count: number; members_count: number; last_post_at: string | null; created_at: string; joined: boolean;
};

/** The columns of a community as clients see it, `joined` for the given reader (false when signed out). */
export function communityColumns(viewerId: string | null): SQL {
  const joined = viewerId
    ? sql`EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${viewerId})`
    : sql`false`;
  return sql`c.id, c.name, c.description, c.specialties, c.modalities, c.demographics, c.posts_count, c.members_count,
    ${isoTime(sql`c.last_post_at`)} AS last_post_at, ${isoTime(sql`c.created_at`)} AS created_at, ${joined} AS joined`;
}
