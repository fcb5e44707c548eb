// Suggested colleagues for a referral: those who may see the client where the client is (licensed in the client's region,
// or practising there when the client wants to meet in person) first, then the caller's network (favourites), then
// accepting before waitlist before not accepting, then how many needs they match, then the faster responders (median hours
// to a first answer, kept by the responsiveness job; none below three referrals), then how recently they confirmed their
// availability; never the caller, never across a block. The ranking of everyone is the same for every caller, so it is read through the app's cache
// (a few seconds per distinct set of needs); only the caller's favourites and blocks are read per request, in one query.
import { sql, type SQL } from 'drizzle-orm';
import type { PracticeSuggestion } from '../../../common/practices.ts';
import { REFERRAL_LIMITS, type SuggestionsQuery, type Suggestion } from '../../../common/referrals.ts';
import { regionName } from '../../../common/regions.ts';
import type { AppContext } from '../../context.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { toSuggestion, type Needs, type SuggestionRow } from './present.ts';
import { personalCacheOf } from './read-cache.ts';
import { lifetimeOf } from '../../lib/caches.ts';
import { suggestPractices } from '../../lib/practice-referrals.ts';

const CACHE_PREFIX = 'referrals:suggestions:';
// The shared ranking keeps more than a page, so a page remains after the caller, their blocks and their favourites
// (listed first) are taken out of it.
const SHARED_DEPTH = 60;

const quoteItem = (v: string) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
// One text[] parameter (both drivers send it alike), so the statement text does not change with the list's length.
const textArray = (values: string[]) => sql`${`{${values.map(quoteItem).join(',')}}`}::text[]`;
const overlapCount = (column: SQL, values: string[]) => (values.length
  ? sql`(SELECT count(*) FROM unnest(${column}) x WHERE x = ANY(${textArray(values)}))`
  : sql`0`);

/**
 * Whether the therapist can see the client where the client is: licensed in the client's region, or, for a client who
 * wants to meet in person, practising there (their location holds the region's code as a word, in capitals, or its
 * name: "Toronto, ON, Canada", "Ottawa, Ontario"). False when the request names no region.
 */
function inRegion(want: Needs): SQL {
  if (!want.region) return sql`false`;
  const licensed = sql`u.licensed_regions @> ${textArray([want.region])}`;
  if (!want.sessionFormats.includes('In Person')) return licensed;
  const located = sql`(u.location ~ ${`(^|[^A-Za-z])${want.region}([^A-Za-z]|$)`} OR strpos(lower(u.location), ${regionName(want.region).toLowerCase()}) > 0)`;
  return sql`(${licensed} OR ${located})`;
}

const COLUMNS = (want: Needs) => sql`u.id, u.name, u.avatar, u.profession, u.location, u.accepting_clients, u.availability_note,
  u.availability_updated_at, u.demographics, u.specialties, u.modalities, u.session_format, u.licensed_regions, u.languages,
  u.fee_models, ${inRegion(want)} AS in_region, u.response_rate, u.median_response_hours`;

/** Listed therapists who can take the request at all: its age group, one of its concerns, one of its session formats. */
function candidates(want: Needs): SQL {
  const conditions = [sql`u.verification_status = 'verified' AND NOT u.disabled AND u.role <> 'admin' AND u.listed_in_directory`];
  if (want.ageGroup) conditions.push(sql`u.demographics @> ${textArray([want.ageGroup])}`);
  if (want.concerns.length) conditions.push(sql`u.specialties && ${textArray(want.concerns)}`);
  if (want.sessionFormats.length) conditions.push(sql`u.session_format && ${textArray(want.sessionFormats)}`);
  return sql.join(conditions, sql` AND `);
}

/** Needs matched: the age group, each concern, modality, format, language and fee model, and the region's licence. */
function matchCount(want: Needs): SQL {
  return sql`(${want.ageGroup ? sql`(u.demographics @> ${textArray([want.ageGroup])})::int` : sql`0`}
    + ${overlapCount(sql`u.specialties`, want.concerns)} + ${overlapCount(sql`u.modalities`, want.modalities)}
    + ${overlapCount(sql`u.session_format`, want.sessionFormats)} + ${overlapCount(sql`u.languages`, want.languages)}
    + ${overlapCount(sql`u.fee_models`, want.feeModels)}
    + ${want.region ? sql`(u.licensed_regions @> ${textArray([want.region])})::int` : sql`0`})`;
}

// PostgreSQL refuses a constant in ORDER BY: without a region there is nothing to rank by first.
const regionFirst = (want: Needs) => (want.region ? sql`${inRegion(want)} DESC, ` : sql``);
const ORDER = (want: Needs) => sql`${regionFirst(want)}CASE u.accepting_clients WHEN 'accepting' THEN 0 WHEN 'waitlist' THEN 1 ELSE 2 END,
  ${matchCount(want)} DESC, u.median_response_hours ASC NULLS LAST, u.availability_updated_at DESC NULLS LAST, u.id`;

export function rankedSql(want: Needs, limit: number): SQL {
  return sql`SELECT ${COLUMNS(want)} FROM users u WHERE ${candidates(want)} ORDER BY ${ORDER(want)} LIMIT ${limit}`;
}

export type PersonalRow = SuggestionRow & { kind: 'favourite' | 'blocked' };

/** The caller's favourites who are candidates, ranked, and everyone on either side of a block with the caller. */
export function personalSql(userId: string, want: Needs): SQL {
  return sql`
    (SELECT 'favourite' AS kind, ${COLUMNS(want)} FROM favorites f JOIN users u ON u.id = f.favorite_id
      WHERE f.user_id = ${userId} AND ${candidates(want)}
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${userId} AND b.blocked_id = u.id)
          OR (b.blocker_id = u.id AND b.blocked_id = ${userId}))
      ORDER BY ${ORDER(want)} LIMIT ${REFERRAL_LIMITS.suggestions})
    UNION ALL
    SELECT 'blocked', b.blocked_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL::real, NULL::real
      FROM blocks b WHERE b.blocker_id = ${userId}
    UNION ALL
    SELECT 'blocked', b.blocker_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL::real, NULL::real
      FROM blocks b WHERE b.blocked_id = ${userId}`;
}

const cacheKey = (want: Needs) => CACHE_PREFIX + JSON.stringify([
  want.ageGroup ?? '', [...want.concerns].sort(), [...want.modalities].sort(), [...want.sessionFormats].sort(), want.region ?? '',
  [...want.languages].sort(), [...want.feeModels].sort(),
]);

/**
 * The caller's part is remembered per member and set of needs (config.firstPageCacheMs, decision 0098): adding or
 * removing a favourite and a block or unblock on either side forget it on every node (server/lib/caches.ts), so a block
 * holds at once; a favourite's own profile change shows within that time, as the shared ranking's do within 5 s.
 */
export async function suggest(
  ctx: Pick<AppContext, 'db' | 'cache' | 'config' | 'caches'>, user: CurrentUser, query: SuggestionsQuery,
): Promise<{ suggestions: Suggestion[]; practices: PracticeSuggestion[] }> {
  const want: Needs = query;
  const key = cacheKey(want);
  // Practices several of whose clinicians match (docs/decisions/0345): read per caller (their own practices and their
  // blocks are left out), one grouped read over practice_members.
  const [shared, personal, practices] = await Promise.all([
    ctx.cache.read(key, () => queryPrepared<SuggestionRow>(ctx.db, rankedSql(want, SHARED_DEPTH)), { ttlMs: lifetimeOf(ctx.config, 'referralSuggestions') }),
    personalCacheOf(ctx).read(user.id, async () => ({ value: await queryPrepared<PersonalRow>(ctx.db, personalSql(user.id, want)) }), key),
    suggestPractices(ctx.db, user.id, candidates(want), want.region),
  ]);
  const favourites = personal.filter((r) => r.kind === 'favourite').slice(0, REFERRAL_LIMITS.suggestions);
  const skip = new Set([user.id, ...personal.map((r) => String(r.id))]);
  // Only the rows shown are presented: the shared ranking keeps three pages' worth (decision 0098).
  const others = shared.filter((r) => !skip.has(String(r.id))).slice(0, REFERRAL_LIMITS.suggestions - favourites.length);
  // Both parts are ranked with those in the client's region first; merged, the region still comes before the network.
  const ranked = [...favourites.map((r) => ({ r, inNetwork: true })), ...others.map((r) => ({ r, inNetwork: false }))];
  const inRegionFirst = [...ranked.filter((x) => x.r.in_region), ...ranked.filter((x) => !x.r.in_region)];
  return { suggestions: inRegionFirst.map(({ r, inNetwork }) => toSuggestion(r, want, inNetwork)), practices };
}
