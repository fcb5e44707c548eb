// The rules of the therapist network: who is listed, who sees what on a profile, and the favourites toggle.
import { FEATURED_THERAPISTS } from '../../../common/constants.ts';
import { IdSchema } from '../../../common/ids.ts';
import {
  CANNOT_FAVORITE_SELF, DEFAULT_LIMIT, NETWORK_FULL, PROFILE_NOT_FOUND,
  type DirectoryFilters, type DirectoryResponse, type Profile, type ProfileUpdate,
} from '../../../common/therapists.ts';
import type { Db } from '../../db/client.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  directoryCount, directoryPage, favoritesOf, featuredCandidates, filteredPage, findUser, hasFavorite, toggleFavoriteRow, updateUser,
  type CardRow, type FavoriteRow, type ProfileRow,
} from './queries.ts';
import { memo, memoByKey } from '../../lib/memo.ts';
import { pageInfo } from '../../lib/paging.ts';

// Enough recent candidates that six of them usually differ in city and main specialty.
const FEATURED_POOL = 60;
// Long enough to absorb a burst of landing-page visits, short enough that a disabled account leaves quickly.
const SHARED_ANSWER_TTL_MS = 15_000;
const SEARCH_TTL_MS = 5_000;
const SEARCH_CACHE_KEYS = 500;

const toCard = (r: CardRow) => ({
  _id: r.id, name: r.name, avatar: r.avatar, location: r.location, profession: r.profession,
  specialties: r.specialties, modalities: r.modalities,
});
const toFavorite = (r: FavoriteRow) => ({ _id: r.id, name: r.name, avatar: r.avatar, location: r.location });

const isFiltered = (f: DirectoryFilters) => Boolean(f.location || f.q || f.specialties?.length || f.modalities?.length
  || f.demographics?.length || f.sessionFormat?.length);

/** The spec's landing call is exactly `?limit=6`: no filter, no page. */
const isFeaturedRequest = (f: DirectoryFilters) => f.limit === FEATURED_THERAPISTS && f.page === undefined && !isFiltered(f);

/**
 * The directory. Two answers are the same for every visitor and change rarely, so each app node keeps them for a
 * few seconds: the featured therapists (the landing page's call) and the number of all listed therapists (a count
 * over every row, behind the unfiltered first page). Searches are kept as briefly per filter set, so a burst of the
 * same search (a shared link, a busy city) costs one query; a profile change shows in the directory within seconds.
 */
export function createDirectory(db: Db) {
  const featured = memo(SHARED_ANSWER_TTL_MS, async () => pickVaried(await featuredCandidates(db, FEATURED_POOL), FEATURED_THERAPISTS).map(toCard));
  const listedTotal = memo(SHARED_ANSWER_TTL_MS, () => directoryCount(db, {}));
  const searches = memoByKey(SEARCH_TTL_MS, SEARCH_CACHE_KEYS, (key) => searchDatabase(JSON.parse(key) as DirectoryFilters));

  return async function search(f: DirectoryFilters): Promise<DirectoryResponse> {
    if (isFeaturedRequest(f)) {
      const users = await featured();
      return { users, totalPages: 1, currentPage: 1, total: users.length };
    }
    return searches(JSON.stringify(f));
  };

  async function searchDatabase(f: DirectoryFilters): Promise<DirectoryResponse> {
    const limit = f.limit ?? DEFAULT_LIMIT;
    const page = f.page ?? 1;
    const offset = (page - 1) * limit;
    let rows: CardRow[];
    let total: number;
    if (isFiltered(f)) {
      const found = await filteredPage(db, f, limit, offset);
      rows = found.rows;
      total = found.total ?? (offset > 0 ? await directoryCount(db, f) : 0);
    } else {
      [rows, total] = await Promise.all([directoryPage(db, limit, offset), listedTotal()]);
    }
    return { users: rows.map(toCard), ...pageInfo(total, page, limit), total };
  }
}

/** Greedy variety: first people who add a new city and a new main specialty, then a new city, then anyone. */
export function pickVaried(candidates: CardRow[], howMany: number): CardRow[] {
  const chosen: CardRow[] = [];
  const cities = new Set<string>();
  const specialties = new Set<string>();
  const city = (r: CardRow) => r.location.split(',')[0].trim().toLowerCase();
  const rules: ((r: CardRow) => boolean)[] = [
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

function toProfile(r: ProfileRow, favorites: FavoriteRow[], viewer: CurrentUser, isFavorite: boolean): Profile {
  const self = viewer.id === r.id;
  return {
    _id: r.id, name: r.name, avatar: r.avatar, location: r.location, profession: r.profession,
    education: r.education, pronouns: r.pronouns, bio: r.bio,
    specialties: r.specialties, modalities: r.modalities, demographics: r.demographics, gender: r.gender,
    sessionFormat: r.sessionFormat, licensingBody: r.licensingBody, licenceRegion: r.licenceRegion,
    licenceCountry: r.licenceCountry, verificationStatus: r.verificationStatus,
    verifiedAt: r.verifiedAt ? r.verifiedAt.toISOString() : null,
    favorites: favorites.map(toFavorite),
    isFavorite,
    ...(self ? { email: r.email } : {}),
    ...(self || isAdmin(viewer) ? { licenceNumber: r.licenceNumber } : {}),
  };
}

/** A profile as the viewer may see it. Unknown, malformed and unlisted ids all read 'Profile not found.' */
export async function getProfile(db: Db, viewer: CurrentUser, id: string): Promise<Profile> {
  if (!IdSchema.safeParse(id).success) throw notFound(PROFILE_NOT_FOUND);
  const row = await findUser(db, id);
  const mayView = row && (row.id === viewer.id || isAdmin(viewer) || isListedRow(row));
  if (!row || !mayView) throw notFound(PROFILE_NOT_FOUND);
  const [favorites, isFavorite] = await Promise.all([
    favoritesOf(db, row.id),
    row.id === viewer.id ? false : hasFavorite(db, viewer.id, row.id),
  ]);
  return toProfile(row, favorites, viewer, isFavorite);
}

export async function updateProfile(db: Db, viewer: CurrentUser, changes: ProfileUpdate): Promise<Profile> {
  if (Object.keys(changes).length > 0) await updateUser(db, viewer.id, changes);
  return getProfile(db, viewer, viewer.id);
}

export async function listFavorites(db: Db, viewer: CurrentUser) {
  return { favorites: (await favoritesOf(db, viewer.id)).map(toFavorite) };
}

export async function toggleFavorite(db: Db, viewer: CurrentUser, targetId: string): Promise<Profile> {
  if (targetId === viewer.id) throw badRequest(CANNOT_FAVORITE_SELF);
  const { removed, added } = await toggleFavoriteRow(db, viewer.id, targetId);
  // Neither happened: the target is not listed, the network is full, or a concurrent click already added it.
  if (!removed && !added && !(await hasFavorite(db, viewer.id, targetId))) {
    const target = await findUser(db, targetId);
    if (!target || !isListedRow(target)) throw notFound(PROFILE_NOT_FOUND);
    throw badRequest(NETWORK_FULL);
  }
  return getProfile(db, viewer, viewer.id);
}
