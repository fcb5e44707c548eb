import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Resource, ResourcePage } from '../../../common/resources.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { resources, users } from '../../db/schema.ts';
import { toResource } from './present.ts';
import { prefixQuery, prefixTsQuery, prefixWords } from '../../db/text-search.ts';
import { runAlone } from '../../db/batch.ts';
import type { SqlRow } from '../../db/rows.ts';
import { pageInfo } from '../../lib/paging.ts';

const columns = {
  id: resources.id,
  title: resources.title,
  link: resources.link,
  description: resources.description,
  category: resources.category,
  isApproved: resources.isApproved,
  createdAt: resources.createdAt,
  approvedAt: resources.approvedAt,
  creatorName: users.name,
};
// As the builder types it: the creator's name is null when the creator's account is gone (a left join).
export type ResourceRow = Awaited<ReturnType<typeof pageQuery>>[number];

// NULLS LAST matches the indexes drizzle-kit writes; without it PostgreSQL would sort instead of reading the index.
const publicationOrder = [sql`${resources.approvedAt} DESC NULLS LAST`, sql`${resources.id} DESC NULLS LAST`];
const moderationOrder = [resources.isApproved, sql`${resources.createdAt} DESC NULLS LAST`, sql`${resources.id} DESC NULLS LAST`];

type Paging = { page: number; limit: number };

const pageQuery = (db: Db, where: SQL | undefined, order: (SQL | typeof resources.isApproved)[], { page, limit }: Paging) =>
  db.select(columns).from(resources).leftJoin(users, eq(users.id, resources.createdBy))
    .where(where).orderBy(...order).limit(limit).offset((page - 1) * limit);

async function selectPage(db: Db, where: SQL | undefined, order: (SQL | typeof resources.isApproved)[], paging: Paging): Promise<Resource[]> {
  return (await pageQuery(db, where, order, paging)).map(toResource);
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(resources).where(where);
  return row.n;
}

export const pageOf = (list: Resource[], total: number, { page, limit }: Paging): ResourcePage =>
  ({ resources: list, ...pageInfo(total, page, limit) });

const published = (category?: string) => and(eq(resources.isApproved, true), category ? eq(resources.category, category) : undefined);

/** How many resources are published (in one category, when given). */
export const countPublished = (db: Db, category?: string): Promise<number> => countWhere(db, published(category));

/** The SQL of one public page, for the benchmark's query plans. */
export const publishedPageSql = (db: Db, q: Paging & { category?: string }) => pageQuery(db, published(q.category), publicationOrder, q).getSQL();

/** The resources of one public page, newest published first (the service adds the total). */
export const publishedPage = (db: Db, q: Paging & { category?: string }): Promise<Resource[]> =>
  selectPage(db, published(q.category), publicationOrder, q);

// Up to this many matches are collected through the text index and sorted; past it, walking the publication order
// finds a page of them sooner than collecting them all would.
const FEW_MATCHES = 1000;

/**
 * A search's page. The count (through the text index) comes first and says how to read the page: walking the
 * publication order and testing each resource costs a scan of everything published when a word matches little or
 * nothing, which is most searches, so few matches are collected through the index and sorted instead.
 */
export async function searchPublished(db: Db, q: Paging & { category?: string; query: string }): Promise<ResourcePage> {
  const terms = prefixQuery(q.query);
  if (!terms) return pageOf([], 0, q);
  const where = and(published(q.category), sql`${resources.search} @@ ${terms}`);
  const total = await countWhere(db, where);
  if (total === 0 || (q.page - 1) * q.limit >= total) return pageOf([], total, q);
  if (total > FEW_MATCHES) return pageOf(await selectPage(db, where, publicationOrder, q), total, q);
  const ids = await queryRows<SqlRow<typeof resources, 'id'>>(db, sql`
    WITH matches AS MATERIALIZED (SELECT id, approved_at FROM resources WHERE ${where})
    SELECT id FROM matches ORDER BY approved_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`);
  const list = ids.length ? await selectPage(db, inArray(resources.id, ids.map((r) => String(r.id))), publicationOrder, { page: 1, limit: q.limit }) : [];
  return pageOf(list, total, q);
}

/**
 * The first `limit` resources of a search's first page, the same ones in the same order as searchPublished, without the
 * count it pages with (the top bar shows no total): one statement, or a part of the top bar's one (`run`, db/batch.ts). At most FEW_MATCHES matches are collected through
 * the text index and sorted; when there are more, the publication order is walked (the OFFSET 0 keeps the word test
 * out of that walk's index scan) and stops at the `limit`th match, as searchPublished does.
 */
export async function searchPublishedTop(db: Db, query: string, limit: number, run = runAlone(db)): Promise<Resource[]> {
  const words = prefixWords(query);
  if (words === null) return [];
  const rows = await run<TopRow>({ key: `resources-top|${limit}`, build: (p) => topQuery(prefixTsQuery(p('words')), limit), values: { words } });
  return rows.map((row) => toResource({
    ...row, createdAt: new Date(row.createdAt), approvedAt: row.approvedAt === null ? null : new Date(row.approvedAt),
  }));
}

// Times come as Dates from the driver, as text when the statement runs in a batch (JSON).
type TopRow = Omit<ResourceRow, 'createdAt' | 'approvedAt'> & { createdAt: Date | string; approvedAt: Date | string | null };

const topQuery = (terms: SQL, limit: number) => sql`
  WITH few AS MATERIALIZED (
    SELECT id, approved_at FROM resources WHERE is_approved AND search @@ ${terms} LIMIT ${FEW_MATCHES + 1}
  ), many AS (SELECT count(*) > ${FEW_MATCHES} AS yes FROM few),
  picked AS (
    (SELECT id, approved_at FROM few WHERE NOT (SELECT yes FROM many)
      ORDER BY approved_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${limit})
    UNION ALL
    (SELECT w.id, w.approved_at FROM (
      SELECT id, approved_at, search FROM resources WHERE is_approved ORDER BY approved_at DESC NULLS LAST, id DESC NULLS LAST OFFSET 0
    ) w WHERE (SELECT yes FROM many) AND w.search @@ ${terms} LIMIT ${limit})
  )
  SELECT r.id, r.title, r.link, r.description, r.category, r.is_approved AS "isApproved", r.created_at AS "createdAt",
    r.approved_at AS "approvedAt", u.name AS "creatorName"
  FROM picked JOIN resources r ON r.id = picked.id LEFT JOIN users u ON u.id = r.created_by
  ORDER BY picked.approved_at DESC NULLS LAST, picked.id DESC NULLS LAST`;

/** The administrator's approval queue: everything, pending first, newest first within each. */
export async function listForModeration(db: Db, q: Paging): Promise<ResourcePage> {
  const [list, total] = await Promise.all([selectPage(db, undefined, moderationOrder, q), countWhere(db, undefined)]);
  return pageOf(list, total, q);
}

export async function findResource(db: Db, id: string): Promise<Resource | null> {
  const [row] = await db.select(columns).from(resources).leftJoin(users, eq(users.id, resources.createdBy)).where(eq(resources.id, id));
  return row ? toResource(row) : null;
}
