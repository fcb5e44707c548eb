import { sql, type SQL } from 'drizzle-orm';
import type { SqlRow } from '../../db/rows.ts';
import type { communities } from '../../db/schema.ts';
import { isoTime } from './posts-queries.ts';

/** communityColumns's row: the community, and whether the reader joined it (computed). */
export type CommunityRow = SqlRow<typeof communities, 'id' | 'name' | 'description' | 'specialties' | 'modalities' | 'demographics'
  | 'posts_count' | 'members_count' | 'last_post_at' | 'created_at'> & { joined: boolean };

/** The columns of a community as clients see it, `joined` for the given reader (false when signed out). */
export function communityColumns(viewerId: string | null): SQL {
  const joined = viewerId
    ? sql`EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${viewerId})`
    : sql`false`;
  return sql`c.id, c.name, c.description, c.specialties, c.modalities, c.demographics, c.posts_count, c.members_count,
    ${isoTime(sql`c.last_post_at`)} AS last_post_at, ${isoTime(sql`c.created_at`)} AS created_at, ${joined} AS joined`;
}
