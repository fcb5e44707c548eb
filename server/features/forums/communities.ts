import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../context.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { prefixQuery, prefixTsQuery, prefixWords } from '../../db/text-search.ts';
import { runAlone } from '../../db/batch.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { communities, communityMembers } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { recordAudit } from '../../lib/audit.ts';
import { pageInfo } from '../../lib/paging.ts';
import { forumRead, forumWrite } from './forum-reads.ts';
import {
  COMMUNITY_NAME_TAKEN, COMMUNITY_NOT_FOUND, NAME_REQUIRED, type CommunitiesPage, type Community, type NewCommunity,
} from '../../../common/communities.ts';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../../common/constants.ts';
import { communityColumns, type CommunityRow } from './communities-queries.ts';
import { toCommunity } from './present.ts';
import { forgetCommunityActivity, recommendedFor } from './recommendations.ts';
import { lifetimeOf } from '../../lib/caches.ts';

// A reader's joined list is bounded even when the client does not ask for fewer.
const JOINED_DEFAULT = 100;

type Paging = { page: number; limit: number };

const pageOf = (rows: CommunityRow[], total: number, page: number, limit: number): CommunitiesPage => ({
  communities: rows.map(toCommunity),
  ...pageInfo(total, page, limit),
});

type SharedList = { rows: CommunityRow[]; total: number };

/** Newest first (the communities_created_idx read backwards); counts come from the stored counters. */
async function readList(db: Db, key: Paging): Promise<SharedList> {
  const [{ n }] = await queryPrepared<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM communities`);
  const rows = await queryPrepared<CommunityRow>(db, communitiesPageQuery(key.page, key.limit));
  return { rows, total: n };
}

// A page is the same for every reader: readers arriving during a read share it, then add whether they joined.
const sharedList = (ctx: ServiceContext, k: Paging) =>
  forumRead(ctx, `communities|${k.page}|${k.limit}`, () => readList(ctx.db, k));

/** Readable signed out: names and descriptions only (posts need a session). */
export async function listCommunities(ctx: ServiceContext, viewer: CurrentUser | null, { page, limit }: Paging): Promise<CommunitiesPage> {
  const { rows, total } = await sharedList(ctx, { page, limit });
  return pageOf(await withJoined(ctx.db, viewer?.id ?? null, rows), total, page, limit);
}

/** Rows read without a reader, with `joined` for this one: one probe of the members primary key per community. */
async function withJoined(db: Db, viewerId: string | null, rows: CommunityRow[]): Promise<CommunityRow[]> {
  if (!viewerId || !rows.length) return rows;
  const joined = await queryPrepared<{ id: SqlValue<typeof communityMembers, 'community_id'> }>(db, sql`SELECT community_id::text AS id FROM community_members
    WHERE user_id = ${viewerId} AND community_id = ANY(${sql.param(rows.map((r) => r.id))}::uuid[])`);
  const ids = new Set(joined.map((r) => r.id));
  return rows.map((r) => ({ ...r, joined: ids.has(r.id) }));
}

/** The SQL of one page of the list (exported for the benchmark's EXPLAIN). */
export const communitiesPageQuery = (page: number, limit: number) => sql`
  SELECT ${communityColumns(null)} FROM communities c
  ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`;

/** Name (weighted first) and description, by prefix, best match first; an empty query lists every community. */
export async function searchCommunities(
  ctx: ServiceContext, viewer: CurrentUser | null, { query, page, limit }: Paging & { query: string },
): Promise<CommunitiesPage> {
  const { db } = ctx;
  const viewerId = viewer?.id ?? null;
  const q = prefixQuery(query);
  if (!q) return listCommunities(ctx, viewer, { page, limit });
  const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM communities c WHERE c.search @@ ${q}`);
  const rows = await queryRows<CommunityRow>(db, sql`
    SELECT ${communityColumns(viewerId)} FROM communities c WHERE c.search @@ ${q}
    ORDER BY ts_rank(c.search, ${q}) DESC, c.name, c.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  return pageOf(rows, n, page, limit);
}

/**
 * The first `limit` communities of searchCommunities' first page (same ones, same order) without its count, which the
 * top bar does not show: one prepared statement (or a part of the top bar's one: `run`, db/batch.ts), kept as briefly
 * as the forum's searches, by words, and read for no one (no `joined`); forum writes forget it.
 */
export async function topCommunities(ctx: ServiceContext, query: string, limit: number, run = runAlone(ctx.db)): Promise<Community[]> {
  const words = prefixWords(query);
  if (words === null) return (await listCommunities(ctx, null, { page: 1, limit })).communities;
  const rows = await forumRead(ctx, `top-communities|${limit}|${query}`, () => run<CommunityRow>({
    key: `top-communities|${limit}`,
    build: (p) => {
      const q = prefixTsQuery(p('words'));
      return sql`SELECT ${communityColumns(null)} FROM communities c WHERE c.search @@ ${q}
        ORDER BY ts_rank(c.search, ${q}) DESC, c.name, c.id LIMIT ${limit}`;
    },
    values: { words },
  }), { ttlMs: lifetimeOf(ctx.config, 'forumSearches') });
  return rows.map(toCommunity);
}

export async function getCommunity(ctx: ServiceContext, viewer: CurrentUser | null, { id }: { id: string }): Promise<Community> {
  const [row] = await queryRows<CommunityRow>(ctx.db, sql`
    SELECT ${communityColumns(viewer?.id ?? null)} FROM communities c WHERE c.id = ${id}`);
  if (!row) throw notFound(COMMUNITY_NOT_FOUND);
  return toCommunity(row);
}

/** The creator becomes the first member. A name is unique whatever its case, even when two people race for it. */
export async function createCommunity(ctx: ServiceContext, user: CurrentUser, input: NewCommunity): Promise<Community> {
  const name = input.name.trim();
  if (!name) throw badRequest(NAME_REQUIRED);
  const id = await forumWrite(ctx, async (t) => {
    const [row] = await queryRows<SqlRow<typeof communities, 'id'>>(t, sql`
      INSERT INTO communities (name, description, specialties, modalities, demographics, created_by, members_count)
      VALUES (${name}, ${input.description.trim()}, ${sql.param(input.specialties)}::text[], ${sql.param(input.modalities)}::text[],
        ${sql.param(input.demographics)}::text[], ${user.id}, 1)
      ON CONFLICT ((lower(name))) DO NOTHING RETURNING id`);
    if (!row) throw conflict(COMMUNITY_NAME_TAKEN);
    await t.execute(sql`INSERT INTO community_members (community_id, user_id) VALUES (${row.id}, ${user.id})`);
    return row.id;
  });
  forgetCommunityActivity(ctx);
  return getCommunity(ctx, user, { id });
}

/** Administrators only (checked by the route): the community, its posts and their comments go in one transaction. */
export async function deleteCommunity(ctx: ServiceContext, admin: CurrentUser, { id }: { id: string }): Promise<void> {
  await forumWrite(ctx, async (t) => {
    const [row] = await queryRows<SqlRow<typeof communities, 'name' | 'posts_count'>>(t, sql`
      DELETE FROM communities WHERE id = ${id} RETURNING name, posts_count`);
    if (!row) throw notFound(COMMUNITY_NOT_FOUND);
    await recordAudit(t, {
      actorId: admin.id, action: 'community.delete', targetType: 'community', targetId: id,
      detail: { name: row.name, postsCount: row.posts_count },
    });
  });
  forgetCommunityActivity(ctx);
}

/** The reader's communities, most recently joined first (community_members_user_idx). */
export async function joinedCommunities(ctx: ServiceContext, user: CurrentUser, { limit = JOINED_DEFAULT }: { limit?: number }): Promise<Community[]> {
  const rows = await queryRows<CommunityRow>(ctx.db, sql`
    SELECT ${communityColumns(user.id)} FROM community_members m JOIN communities c ON c.id = m.community_id
    WHERE m.user_id = ${user.id} ORDER BY m.joined_at DESC, c.id LIMIT ${limit}`);
  return rows.map(toCommunity);
}

/** The forum sidebar's suggestions for this reader (recommendations.ts). */
export async function recommendCommunities(ctx: ServiceContext, user: CurrentUser, { limit = FORUM_SIDEBAR_COMMUNITIES }: { limit?: number }) {
  return recommendedFor(ctx, user.id, limit);
}

/** Idempotent: the primary key turns a repeated or simultaneous join into a no-op, and the counter moves once. */
export async function setMembership(ctx: ServiceContext, user: CurrentUser, { id, member }: { id: string; member: boolean }): Promise<Community> {
  await forumWrite(ctx, async (t) => {
    const exists = await queryRows(t, sql`SELECT 1 FROM communities WHERE id = ${id}`);
    if (!exists.length) throw notFound(COMMUNITY_NOT_FOUND);
    const changed = member
      ? await queryRows(t, sql`INSERT INTO community_members (community_id, user_id) VALUES (${id}, ${user.id})
          ON CONFLICT DO NOTHING RETURNING 1`)
      : await queryRows(t, sql`DELETE FROM community_members WHERE community_id = ${id} AND user_id = ${user.id} RETURNING 1`);
    if (changed.length) {
      await t.execute(sql`UPDATE communities SET members_count = greatest(members_count + ${member ? 1 : -1}, 0) WHERE id = ${id}`);
    }
  });
  return getCommunity(ctx, user, { id });
}
