import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Resource, ResourcePage } from '../../../common/resources.ts';
import type { Db } from '../../db/client.ts';
import { resources, users } from '../../db/schema.ts';
import { prefixQuery } from '../../db/text-search.ts';
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
type Row = {
  id: string; title: string; link: string; description: string; category: string; isApproved: boolean;
  createdAt: Date; approvedAt: Date | null; creatorName: string | null;
};

export function presentResource(row: Row): Resource {
  return {
    _id: row.id,
    title: row.title,
    link: row.link,
    description: row.description,
    category: row.category,
    isApproved: row.isApproved,
    createdBy: row.creatorName === null ? null : { name: row.creatorName },
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
  };
}

// NULLS LAST matches the indexes drizzle-kit writes; without it PostgreSQL would sort instead of reading the index.
const publicationOrder = [sql`${resources.approvedAt} DESC NULLS LAST`, sql`${resources.id} DESC NULLS LAST`];
const moderationOrder = [resources.isApproved, sql`${resources.createdAt} DESC NULLS LAST`, sql`${resources.id} DESC NULLS LAST`];

type Paging = { page: number; limit: number };

const pageQuery = (db: Db, where: SQL | undefined, order: (SQL | typeof resources.isApproved)[], { page, limit }: Paging) =>
  db.select(columns).from(resources).leftJoin(users, eq(users.id, resources.createdBy))
    .where(where).orderBy(...order).limit(limit).offset((page - 1) * limit);

async function selectPage(db: Db, where: SQL | undefined, order: (SQL | typeof resources.isApproved)[], paging: Paging): Promise<Resource[]> {
  return (await pageQuery(db, where, order, paging)).map(presentResource);
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(resources).where(where);
  return row.n;
}

const pageOf = (list: Resource[], total: number, { page, limit }: Paging): ResourcePage =>
  ({ resources: list, ...pageInfo(total, page, limit) });

const published = (category?: string) => and(eq(resources.isApproved, true), category ? eq(resources.category, category) : undefined);

/**
 * Counting every approved resource on each public page view costs more than the page itself at 50,000 rows,
 * so totals are kept for a short while per category and dropped whenever this process approves or deletes one.
 */
export function createPublishedCounter(db: Db, ttlMs = 30_000) {
  const cache = new Map<string, { total: number; at: number }>();
  // A count that started before a forget() may have missed the change; the generation keeps it out of the cache.
  let generation = 0;
  return {
    async total(category?: string): Promise<number> {
      const key = category ?? '';
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.total;
      const startedIn = generation;
      const total = await countWhere(db, published(category));
      if (startedIn === generation) cache.set(key, { total, at: Date.now() });
      return total;
    },
    forget: () => {
      generation++;
      cache.clear();
    },
  };
}
export type PublishedCounter = ReturnType<typeof createPublishedCounter>;

/** The SQL of one public page, for the benchmark's query plans. */
export const publishedPageSql = (db: Db, q: Paging & { category?: string }) => pageQuery(db, published(q.category), publicationOrder, q).getSQL();

export async function listPublished(db: Db, counter: PublishedCounter, q: Paging & { category?: string }): Promise<ResourcePage> {
  const [list, total] = await Promise.all([selectPage(db, published(q.category), publicationOrder, q), counter.total(q.category)]);
  return pageOf(list, total, q);
}

export async function searchPublished(db: Db, q: Paging & { category?: string; query: string }): Promise<ResourcePage> {
  const terms = prefixQuery(q.query);
  if (!terms) return pageOf([], 0, q);
  const where = and(published(q.category), sql`${resources.search} @@ ${terms}`);
  const [list, total] = await Promise.all([selectPage(db, where, publicationOrder, q), countWhere(db, where)]);
  return pageOf(list, total, q);
}

/** The administrator's approval queue: everything, pending first, newest first within each. */
export async function listForModeration(db: Db, q: Paging): Promise<ResourcePage> {
  const [list, total] = await Promise.all([selectPage(db, undefined, moderationOrder, q), countWhere(db, undefined)]);
  return pageOf(list, total, q);
}

export async function findResource(db: Db, id: string): Promise<Resource | null> {
  const [row] = await db.select(columns).from(resources).leftJoin(users, eq(users.id, resources.createdBy)).where(eq(resources.id, id));
  return row ? presentResource(row) : null;
}
