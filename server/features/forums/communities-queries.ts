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

/**
 * A prefix query ("anx cb" finds "Anxiety" and "CBT") from the words of free text. Only letters and digits
 * reach to_tsquery, so its operators can never be injected; the text itself is still sent as a parameter.
 */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 10) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}
