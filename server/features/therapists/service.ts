// The rules of the therapist network: who is listed, who sees what on a profile, and the favourites toggle.
import { FEATURED_THERAPISTS } from '../../../common/constants.ts';
import { IdSchema } from '../../../common/ids.ts';
import {
  CANNOT_FAVORITE_SELF, DEFAULT_LIMIT, NETWORK_FULL, PROFILE_NOT_FOUND,
  type DirectoryFilters, type DirectoryResponse, type FavoritesResponse, type Profile, type ProfileUpdate, type SessionFee, type TherapistCard,
} from '../../../common/therapists.ts';
import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { runAlone } from '../../db/batch.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { availabilityStamp } from '../../lib/availability.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { renameMentions } from '../../lib/mention-names.ts';
import {
  acceptingPage, confirmAvailabilityRow, directoryCount, directoryPage, favoritesOf, featuredCandidates,
  filteredPage, findUser, hasFavorite, matchesSearch, toggleFavoriteRow, topByKeywords, updateUser,
  type CardRow, type ProfileRow,
} from './queries.ts';
import { toCard, toFavorite, toProfile } from './present.ts';
import { pageInfo } from '../../lib/paging.ts';
import { lifetimeOf } from '../../lib/caches.ts';
import { recordAuditedRead } from '../../lib/audit.ts';
import { practicesOfMember, practicesOfMembers } from '../../lib/practice-referrals.ts';

// Enough recent candidates that six of them usually differ in city and main specialty.
const FEATURED_POOL = 60;

const isFiltered = (f: DirectoryFilters) => Boolean(f.location || f.q || f.specialties?.length || f.modalities?.length
  || f.demographics?.length || f.sessionFormat?.length || f.accepting?.length || f.languages?.length || f.feeModels?.length
  || f.region);

/** The spec's landing call is exactly `?limit=6`: no filter, no page. */
const isFeaturedRequest = (f: DirectoryFilters) => f.limit === FEATURED_THERAPISTS && f.page === undefined && !isFiltered(f);

/**
 * The directory. Two answers are the same for every visitor and change rarely, so the read cache keeps them for a
 * few seconds: the featured therapists (the landing page's call) and the number of all listed therapists (a count
 * over every row, behind the unfiltered first page). Searches are kept as briefly per filter set, so a burst of the
 * same search (a shared link, a busy city) costs one query; a profile change shows in the directory within seconds.
 */
/**
 * Public: the directory, and the landing page's featured therapists (`?limit=6`). A signed-in member is left out of
 * their own search in the query itself, so the count and every page agree. Only a member who is
 * among the results gets an answer of their own, kept under a key that names them; everyone else shares one.
 */
export async function searchDirectory(ctx: ServiceContext, visitor: CurrentUser | null, f: DirectoryFilters): Promise<DirectoryResponse> {
  if (isFeaturedRequest(f)) {
    const users = await ctx.cache.read('therapists:featured', () => featured(ctx.db), { ttlMs: lifetimeOf(ctx.config, 'directory') });
    return { users, totalPages: 1, currentPage: 1, total: users.length };
  }
  const key = `therapists:search|${JSON.stringify(f)}`;
  if (visitor && await matchesSearch(ctx.db, f, visitor.id)) {
    return ctx.cache.read(`${key}|without:${visitor.id}`, () => searchDatabase(ctx, f, visitor.id), { ttlMs: lifetimeOf(ctx.config, 'directorySearches') });
  }
  return ctx.cache.read(key, () => searchDatabase(ctx, f), { ttlMs: lifetimeOf(ctx.config, 'directorySearches') });
}

/**
 * The top bar's therapists (features/search): the directory's first `limit` for the words, searched for no one (the
 * search service leaves the searcher out), kept like the directory's searches.
 */
export function topTherapists(ctx: ServiceContext, q: string, limit: number, run = runAlone(ctx.db)): Promise<TherapistCard[]> {
  return ctx.cache.read(`therapists:top|${limit}|${q}`, async () => (await topByKeywords(run, q, limit)).map(toCard), { ttlMs: lifetimeOf(ctx.config, 'directorySearches') });
}

const featured = async (db: Db) => withPractices(db, pickVaried(await featuredCandidates(db, FEATURED_POOL), FEATURED_THERAPISTS).map(toCard));

/** "Works at ...": the cards' practices in one read, kept with the page as the rest of the card is (decision 0345). */
async function withPractices(db: Db, cards: TherapistCard[]): Promise<TherapistCard[]> {
  const practices = await practicesOfMembers(db, cards.map((c) => c._id));
  return cards.map((c) => ({ ...c, practices: practices.get(c._id) ?? [] }));
}
const listedTotal = (ctx: ServiceContext) =>
  ctx.cache.read('therapists:listed-total', () => directoryCount(ctx.db, {}), { ttlMs: lifetimeOf(ctx.config, 'directory') });
// As broad as the whole directory, so counted as rarely: one count per set of statuses per 15 s.
const acceptingTotal = (ctx: ServiceContext, statuses: string[]) => ctx.cache.read(
  `therapists:accepting-total|${[...statuses].sort().join(',')}`, () => directoryCount(ctx.db, { accepting: statuses }),
  { ttlMs: lifetimeOf(ctx.config, 'directory') },
);

/** Only the status is filtered: the name-ordered walk of acceptingPage (queries.ts) beats collecting the matches. */
const onlyStatus = (f: DirectoryFilters): f is DirectoryFilters & { accepting: string[] } =>
  Boolean(f.accepting?.length) && !isFiltered({ ...f, accepting: undefined });

/**
 * One page and the total. `without` is a member who matches the search (matchesSearch): their row is left out of the
 * page, and the shared totals, which count them, are read one lower.
 */
async function searchDatabase(ctx: ServiceContext, f: DirectoryFilters, without?: string): Promise<DirectoryResponse> {
  const limit = f.limit ?? DEFAULT_LIMIT;
  const page = f.page ?? 1;
  const offset = (page - 1) * limit;
  const lessSelf = (n: number) => (without ? Math.max(0, n - 1) : n);
  let rows: CardRow[];
  let total: number;
  if (onlyStatus(f)) {
    [rows, total] = await Promise.all([acceptingPage(ctx.db, f.accepting, limit, offset, without), acceptingTotal(ctx, f.accepting).then(lessSelf)]);
  } else if (isFiltered(f)) {
    const found = await filteredPage(ctx.db, f, limit, offset, without);
    rows = found.rows;
    total = found.total ?? (offset > 0 ? await directoryCount(ctx.db, f, without) : 0);
  } else {
    [rows, total] = await Promise.all([directoryPage(ctx.db, limit, offset, without), listedTotal(ctx).then(lessSelf)]);
  }
  return { users: await withPractices(ctx.db, rows.map(toCard)), ...pageInfo(total, page, limit), total };
}

/** Greedy variety: first people who add a new city and a new main specialty, then a new city, then anyone. */
export function pickVaried<T extends Pick<CardRow, 'location' | 'specialties'>>(candidates: T[], howMany: number): T[] {
  const chosen: T[] = [];
  const cities = new Set<string>();
  const specialties = new Set<string>();
  const city = (r: T) => r.location.split(',')[0].trim().toLowerCase();
  const rules: ((r: T) => boolean)[] = [
    (r) => !cities.has(city(r)) && !specialties.has(r.specialties[0]),
    (r) => !cities.has(city(r)),
    () => true,
  ];
  for (const fits of rules) {
    for (const r of candidates) {
      if (chosen.length === howMany) return chosen;
      if (chosen.includes(r) || !fits(r)) continue;
      chosen.push(r);
      cities.add(city(r));
      specialties.add(r.specialties[0]);
    }
  }
  return chosen;
}

// The same rule as isListed in queries.ts, for a row already read.
const isListedRow = (r: ProfileRow) => r.verificationStatus === 'verified' && !r.disabled && r.role !== 'admin';

/** A profile as the viewer may see it. Unknown, malformed and unlisted ids all read 'Profile not found.' */
export async function getProfile(ctx: ServiceContext, viewer: CurrentUser, input: { id: string }): Promise<Profile> {
  const { db } = ctx;
  if (!IdSchema.safeParse(input.id).success) throw notFound(PROFILE_NOT_FOUND);
  const row = await findUser(db, input.id);
  const mayView = row && (row.id === viewer.id || isAdmin(viewer) || isListedRow(row));
  if (!row || !mayView) throw notFound(PROFILE_NOT_FOUND);
  const [favorites, isFavorite, practices] = await Promise.all([
    row.id === viewer.id ? favoritesOf(db, row.id) : [],
    row.id === viewer.id ? false : hasFavorite(db, viewer.id, row.id),
    practicesOfMember(db, row.id),
  ]);
  // An administrator sees a colleague's licence number: a read of that member's licence details, in the trail.
  if (isAdmin(viewer) && row.id !== viewer.id) {
    await recordAuditedRead(db, { actorId: viewer.id, action: 'licence.read', targetType: 'user', targetId: row.id, detail: { from: 'profile' } });
  }
  return { ...toProfile(row, favorites, viewer, isFavorite), practices };
}

/**
 * Pending users may complete their profile while they wait for verification. A verified member's name is what others
 * trust, so a new one waits for an administrator (the verification queue) and the old name shows until then; a
 * pending member's whole account is reviewed anyway, and an administrator's name is their own business.
 */
export async function updateProfile(ctx: ServiceContext, viewer: CurrentUser, changes: ProfileUpdate): Promise<Profile> {
  const { name, sessionFee, ...rest } = changes;
  // An uploaded photo's address is kept only by its owner (POST /api/users/me/avatar sets it).
  if (rest.avatar?.startsWith('/') && !rest.avatar.startsWith(`/api/users/${viewer.id}/`)) throw badRequest('Invalid avatar: must be an https URL');
  const reviewed = viewer.verificationStatus === 'verified' && !isAdmin(viewer);
  const naming = name === undefined ? {} : reviewed ? nameForReview(name, viewer.name) : { name, pendingName: null, pendingNameAt: null };
  const row = { ...rest, ...naming, ...sessionFeeColumns(sessionFee), ...availabilityStamp(rest.acceptingClients, rest.availabilityNote) };
  const renamed = 'name' in naming && naming.name !== undefined && naming.name !== viewer.name ? naming.name : null;
  if (renamed !== null) {
    // The name changes at once (no review): the member's mentions in others' posts read it from now on.
    await ctx.db.transaction(async (tx) => {
      await updateUser(tx, viewer.id, row);
      await renameMentions(tx, viewer.id, renamed);
    });
    ctx.caches.publish({ type: 'member.renamed', userId: viewer.id });
  } else if (Object.keys(row).length > 0) await updateUser(ctx.db, viewer.id, row);
  return getProfile(ctx, viewer, { id: viewer.id });
}

/** "Still accepting new clients?": the owner says the stated availability is still true. Returns their profile. */
export async function confirmAvailability(ctx: ServiceContext, viewer: CurrentUser): Promise<Profile> {
  await confirmAvailabilityRow(ctx.db, viewer.id);
  return getProfile(ctx, viewer, { id: viewer.id });
}

/** Cents, so the amount typed is the amount stored; null clears both; absent leaves both. */
function sessionFeeColumns(fee: SessionFee | null | undefined): { sessionFeeCents?: number | null; sessionFeeCurrency?: string | null } {
  if (fee === undefined) return {};
  if (fee === null) return { sessionFeeCents: null, sessionFeeCurrency: null };
  return { sessionFeeCents: Math.round(fee.amount * 100), sessionFeeCurrency: fee.currency };
}

// Sending the current name again withdraws a waiting change.
const nameForReview = (name: string, current: string) =>
  name === current ? { pendingName: null, pendingNameAt: null } : { pendingName: name, pendingNameAt: new Date() };

export async function listFavorites(ctx: ServiceContext, viewer: CurrentUser): Promise<FavoritesResponse> {
  return { favorites: (await favoritesOf(ctx.db, viewer.id)).map(toFavorite) };
}

/** Adds the therapist to the viewer's network, or removes them; returns the viewer's own profile. */
export async function toggleFavorite(
  ctx: ServiceContext, viewer: CurrentUser, input: { userId: string },
): Promise<Profile> {
  const { db } = ctx;
  const targetId = input.userId;
  if (targetId === viewer.id) throw badRequest(CANNOT_FAVORITE_SELF);
  const { removed, added } = await toggleFavoriteRow(db, viewer.id, targetId);
  // The network leads the referral suggestions, which remember it per member (decision 0098).
  if (removed || added) ctx.caches.publish({ type: 'favourite.changed', userIds: [viewer.id] });
  // Neither happened: the target is not listed, the network is full, or a concurrent click already added it.
  if (!removed && !added && !(await hasFavorite(db, viewer.id, targetId))) {
    const target = await findUser(db, targetId);
    if (!target || !isListedRow(target)) throw notFound(PROFILE_NOT_FOUND);
    throw badRequest(NETWORK_FULL);
  }
  return getProfile(ctx, viewer, { id: viewer.id });
}
