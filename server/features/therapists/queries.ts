// The SQL of the therapist network. Every filter is parameterised; each one is served by an index on users
// (GIN on the arrays, trigram on lower(location) and lower(name), partial btrees for listing and featuring).
import { and, arrayContains, asc, desc, eq, inArray, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { MAX_FAVORITES, type DirectoryFilters } from '../../../common/therapists.ts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.ts';
import { favorites, users } from '../../db/schema.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { RunShaped } from '../../db/batch.ts';
import { rawColumns, type RawRow, type Selected } from '../../db/rows.ts';
import { containsPattern, keywordsOf } from './keywords.ts';

/**
 * Who appears to other people: licence verified by an administrator and not disabled. Administrator accounts run
 * the platform and are not listed as therapists.
 */
const isListed = sql`(${users.verificationStatus} = 'verified' AND NOT ${users.disabled} AND ${users.role} <> 'admin')`;

/** Listed and not opted out of the directory (Settings, Privacy): the lists people browse; a profile stays reachable. */
const inDirectory = sql`(${isListed} AND ${users.listedInDirectory})`;

const AVAILABILITY_KEYS = ['acceptingClients', 'availabilityNote', 'languages', 'feeModels', 'insurers', 'licensedRegions', 'website',
  'responseRate', 'medianResponseHours'] as const;
const CARD_KEYS = ['id', 'name', 'avatar', 'location', 'profession', 'specialties', 'modalities', ...AVAILABILITY_KEYS] as const;

/** The availability fields as raw reads give them; the time as epoch milliseconds, the same from both drivers. */
export type AvailabilityRow = RawRow<typeof users, (typeof AVAILABILITY_KEYS)[number]> & { availabilityUpdatedMs: number | null };
export type CardRow = RawRow<typeof users, (typeof CARD_KEYS)[number]> & { availabilityUpdatedMs: number | null };

// lower(column) LIKE lower(pattern) is the form the trigram indexes on lower(location) and lower(name) serve.
const containsText = (column: AnyColumn, text: string) => sql`lower(${column}) LIKE lower(${containsPattern(text)})`;
// Array parameters are cast explicitly so both drivers (pg and PGlite) send a text[].
const hasAll = (column: AnyColumn, values: string[]) => arrayContains(column, sql`${`{${values.map(quoteArrayItem).join(',')}}`}::text[]`);
const quoteArrayItem = (v: string) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
const arrayLiteral = (values: string[]) => `{${values.map(quoteArrayItem).join(',')}}`;

type KeywordValue = SQL | Placeholder;
type KeywordValues = { pattern: KeywordValue; specialties: KeywordValue; modalities: KeywordValue; languages: KeywordValue };

/**
 * The directory's words (the top bar's too): a name, a place, or a specialty, modality or language (keywords.ts finds
 * the options they name). A BitmapOr of the trigram indexes on lower(name) and lower(location) and the GIN indexes on
 * the three arrays; an empty option list matches nothing and reads no index.
 */
function keywordSql(v: KeywordValues): { where: SQL; rank: SQL } {
  const name = sql`lower(${users.name}) LIKE ${v.pattern}`;
  const practice = sql`(${users.specialties} && ${v.specialties}::text[] OR ${users.modalities} && ${v.modalities}::text[])`;
  const language = sql`${users.languages} && ${v.languages}::text[]`;
  const place = sql`lower(${users.location}) LIKE ${v.pattern}`;
  return {
    where: sql`(${name} OR ${practice} OR ${language} OR ${place})`,
    // Name matches first (someone looked for a colleague), then what they practise, their languages, where they are.
    rank: sql`(CASE WHEN ${name} THEN 0 WHEN ${practice} THEN 1 WHEN ${language} THEN 2 ELSE 3 END)`,
  };
}

const keywordValues = (q: string): KeywordValues => {
  const k = keywordsOf(q);
  return {
    pattern: sql`${k.pattern}`, specialties: sql`${arrayLiteral(k.specialties)}`,
    modalities: sql`${arrayLiteral(k.modalities)}`, languages: sql`${arrayLiteral(k.languages)}`,
  };
};

/** Everyone but `without` (a signed-in member, who does not look for themself, so the count and every page agree). */
const notSelf = (without?: string) => (without ? sql` AND ${users.id} <> ${without}` : sql``);

function directoryWhere(f: DirectoryFilters, without?: string): SQL {
  const conditions: SQL[] = [sql`${inDirectory}${notSelf(without)}`];
  if (f.location) conditions.push(containsText(users.location, f.location));
  if (f.q) conditions.push(keywordSql(keywordValues(f.q)).where);
  if (f.specialties?.length) conditions.push(hasAll(users.specialties, f.specialties));
  if (f.modalities?.length) conditions.push(hasAll(users.modalities, f.modalities));
  if (f.demographics?.length) conditions.push(hasAll(users.demographics, f.demographics));
  if (f.sessionFormat?.length) conditions.push(hasAll(users.sessionFormat, f.sessionFormat));
  if (f.accepting?.length) conditions.push(inArray(users.acceptingClients, f.accepting));
  if (f.languages?.length) conditions.push(hasAll(users.languages, f.languages));
  if (f.feeModels?.length) conditions.push(hasAll(users.feeModels, f.feeModels));
  if (f.region) conditions.push(inRegion(f.region));
  return and(...conditions)!;
}

/**
 * Licensed in the region (for online sessions) or located there (in person): a BitmapOr of the GIN index on
 * licensed_regions and the btree on location_region, the region the location's text names (migration 0091).
 */
const inRegion = (code: string) =>
  sql`(${hasAll(users.licensedRegions, [code])} OR ${users.locationRegion} = ${code})`;

const CARD_COLUMNS = sql`${rawColumns(users, CARD_KEYS)},
  (extract(epoch FROM ${users.availabilityUpdatedAt}) * 1000)::float8 AS "availabilityUpdatedMs"`;

/** Unfiltered: the page walks users_listed_name_idx in name order and stops after `limit` rows. */
export const directoryPageSql = (limit: number, offset: number, without?: string) => sql`
  SELECT ${CARD_COLUMNS} FROM users WHERE ${inDirectory}${notSelf(without)} ORDER BY name, id LIMIT ${limit} OFFSET ${offset}`;

export async function directoryPage(db: Db, limit: number, offset: number, without?: string): Promise<CardRow[]> {
  return queryPrepared<CardRow>(db, directoryPageSql(limit, offset, without));
}

/**
 * Filtered by status alone ("who is accepting"): a third of the directory or more matches, so collecting and sorting
 * every match (below) costs hundreds of milliseconds on 100,000 therapists; walking users_listed_name_idx in name
 * order and skipping the others stops after a few dozen rows instead (bench/availability.ts).
 */
export const acceptingPageSql = (statuses: string[], limit: number, offset: number, without?: string) => sql`
  SELECT ${CARD_COLUMNS} FROM users WHERE ${inDirectory}${notSelf(without)} AND ${inArray(users.acceptingClients, statuses)}
  ORDER BY name, id LIMIT ${limit} OFFSET ${offset}`;

export async function acceptingPage(db: Db, statuses: string[], limit: number, offset: number, without?: string): Promise<CardRow[]> {
  return queryPrepared<CardRow>(db, acceptingPageSql(statuses, limit, offset, without));
}

/**
 * Filtered: the matches are collected first, through the indexes their filters use (GIN, trigram), and only then
 * sorted, paged and counted (the window count is taken before LIMIT). MATERIALIZED keeps it in that order: left to
 * itself the planner may walk users_directory_idx in name order to skip the sort and test every listed row
 * (measured: 125 ms instead of 10 ms for location=toronto&specialties=Anxiety on 100,000 therapists).
 */
export const filteredPageSql = (f: DirectoryFilters, limit: number, offset: number, without?: string) => sql`
  WITH matches AS MATERIALIZED (
    SELECT ${CARD_COLUMNS}, ${f.q ? keywordSql(keywordValues(f.q)).rank : sql`0`} AS search_rank
    FROM users WHERE ${directoryWhere(f, without)}
  )
  SELECT *, (count(*) OVER ())::int AS total FROM matches ORDER BY search_rank, name, id LIMIT ${limit} OFFSET ${offset}`;

/**
 * The first `limit` of a search for words (filteredPageSql for `{ q }` alone, searched for no one) without the total:
 * the top bar's therapists, shaped for db/batch.ts (the pattern and option lists values, the limit part of the shape).
 */
export function topByKeywords(run: RunShaped, q: string, limit: number): Promise<CardRow[]> {
  const k = keywordsOf(q);
  return run<CardRow>({
    key: `directory-top|${limit}`,
    build: (p) => {
      const { where, rank } = keywordSql({ pattern: p('pattern'), specialties: p('specialties'), modalities: p('modalities'), languages: p('languages') });
      return sql`
        WITH matches AS MATERIALIZED (SELECT ${CARD_COLUMNS}, ${rank} AS search_rank FROM users WHERE ${inDirectory} AND ${where})
        SELECT * FROM matches ORDER BY search_rank, name, id LIMIT ${limit}`;
    },
    values: {
      pattern: k.pattern, specialties: arrayLiteral(k.specialties), modalities: arrayLiteral(k.modalities), languages: arrayLiteral(k.languages),
    },
  });
}

/** The total is null when the page is past the end (no row to carry it). */
export async function filteredPage(
  db: Db, f: DirectoryFilters, limit: number, offset: number, without?: string,
): Promise<{ rows: CardRow[]; total: number | null }> {
  const rows = await queryPrepared<CardRow & { total: number }>(db, filteredPageSql(f, limit, offset, without));
  return { rows, total: rows[0]?.total ?? null };
}

export const directoryCountSql = (f: DirectoryFilters, without?: string) =>
  sql`SELECT count(*)::int AS n FROM users WHERE ${directoryWhere(f, without)}`;

export async function directoryCount(db: Db, f: DirectoryFilters, without?: string): Promise<number> {
  const [row] = await queryPrepared<{ n: number }>(db, directoryCountSql(f, without));
  return row.n;
}

/** Whether the member is among the search's results (one primary-key probe): only then do they need a page of their own. */
export async function matchesSearch(db: Db, f: DirectoryFilters, id: string): Promise<boolean> {
  const [row] = await queryPrepared<{ found: boolean }>(db, sql`
    SELECT EXISTS (SELECT 1 FROM users WHERE ${users.id} = ${id} AND ${directoryWhere(f)}) AS found`);
  return row?.found === true;
}

/**
 * The most recently verified therapists whose profiles are complete (a photo or a bio, specialties, modalities, where and
 * what they practise: a brand-new empty profile is not featured), read from the top of the partial index
 * users_listed_verified_idx; the service picks a varied few.
 */
export const featuredSql = (howMany: number) => sql`
  SELECT ${CARD_COLUMNS} FROM users
  WHERE ${inDirectory} AND location <> '' AND profession <> '' AND cardinality(specialties) > 0 AND cardinality(modalities) > 0
    AND (avatar IS NOT NULL OR bio <> '')
  ORDER BY verified_at DESC NULLS LAST, id DESC LIMIT ${howMany}`;

export async function featuredCandidates(db: Db, howMany: number): Promise<CardRow[]> {
  return queryRows<CardRow>(db, featuredSql(howMany));
}

export type ProfileRow = typeof users.$inferSelect;

export async function findUser(db: Db, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

const favoriteColumns = { id: users.id, name: users.name, avatar: users.avatar, location: users.location };
export type FavoriteRow = Selected<typeof favoriteColumns>;

/** A person's network, newest first; people no longer listed drop out of it without being deleted. */
export async function favoritesOf(db: Db, userId: string): Promise<FavoriteRow[]> {
  return db.select(favoriteColumns)
    .from(favorites).innerJoin(users, eq(users.id, favorites.favoriteId))
    .where(and(eq(favorites.userId, userId), isListed))
    .orderBy(desc(favorites.createdAt), asc(users.id)).limit(MAX_FAVORITES);
}

export async function hasFavorite(db: Db, userId: string, favoriteId: string): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.favoriteId, favoriteId))).limit(1);
  return rows.length > 0;
}

/**
 * One statement: remove the pair if it is there, otherwise add it (when the target is listed and the network
 * has room). The primary key and ON CONFLICT make two concurrent adds end with one row, never an error.
 */
export async function toggleFavoriteRow(db: Db, userId: string, favoriteId: string): Promise<{ removed: boolean; added: boolean }> {
  const [row] = await queryRows<{ removed: boolean; added: boolean }>(db, sql`
    WITH removed AS (
      DELETE FROM favorites WHERE user_id = ${userId} AND favorite_id = ${favoriteId} RETURNING 1
    ), added AS (
      INSERT INTO favorites (user_id, favorite_id)
      SELECT ${userId}::uuid, u.id FROM users u
      WHERE u.id = ${favoriteId} AND u.verification_status = 'verified' AND NOT u.disabled AND u.role <> 'admin'
        AND NOT EXISTS (SELECT 1 FROM removed)
        AND (SELECT count(*) FROM favorites WHERE user_id = ${userId}) < ${MAX_FAVORITES}
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM removed) AS removed, EXISTS (SELECT 1 FROM added) AS added`);
  return row;
}

export async function updateUser(db: Db, id: string, changes: PgUpdateSetSource<typeof users>): Promise<void> {
  await db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function confirmAvailabilityRow(db: Db, id: string): Promise<void> {
  await db.update(users).set({ availabilityUpdatedAt: sql`now()` }).where(eq(users.id, id));
}
