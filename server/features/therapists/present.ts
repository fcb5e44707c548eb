// Therapists as the API shows them (common/therapists.ts): a directory card, a network entry, a profile.
import { isAvailabilityStale } from '../../../common/availability.ts';
import { responsivenessOf } from '../../../common/referral-outcomes.ts';
import type { ACCEPTING_STATUSES, FEE_CURRENCIES } from '../../../common/options.ts';
import type { FavoriteUser, Profile, TherapistCard } from '../../../common/therapists.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import type { AvailabilityRow, CardRow, FavoriteRow, ProfileRow } from './queries.ts';

type Availability = Pick<Profile, 'acceptingClients' | 'availabilityNote' | 'availabilityUpdatedAt' | 'availabilityStale'
  | 'languages' | 'feeModels' | 'insurers' | 'licensedRegions' | 'website' | 'responseRate' | 'medianResponseHours'>;
type AvailabilitySource = Omit<AvailabilityRow, 'availabilityUpdatedMs'> & { availabilityUpdatedAt: Date | null };

/** Staleness is worked out when the answer is made, so it turns stale on its 60th day without a write. */
function toAvailability(r: AvailabilitySource): Availability {
  return {
    // The column's CHECK constraint holds it to ACCEPTING_STATUSES.
    acceptingClients: r.acceptingClients as (typeof ACCEPTING_STATUSES)[number],
    availabilityNote: r.availabilityNote,
    availabilityUpdatedAt: r.availabilityUpdatedAt ? r.availabilityUpdatedAt.toISOString() : null,
    availabilityStale: isAvailabilityStale(r.availabilityUpdatedAt),
    languages: r.languages, feeModels: r.feeModels, insurers: r.insurers, licensedRegions: r.licensedRegions, website: r.website,
    ...responsivenessOf(r.responseRate, r.medianResponseHours),
  };
}


const fromMs = (ms: number | null) => (ms === null ? null : new Date(Math.round(ms)));

export const toCard = (r: CardRow): TherapistCard => ({
  _id: r.id, name: r.name, avatar: r.avatar, location: r.location, profession: r.profession,
  specialties: r.specialties, modalities: r.modalities,
  ...toAvailability({ ...r, availabilityUpdatedAt: fromMs(r.availabilityUpdatedMs) }),
});

export const toFavorite = (r: FavoriteRow): FavoriteUser => ({ _id: r.id, name: r.name, avatar: r.avatar, location: r.location });

/** The stored cents and currency as the API shows them (the column's CHECK keeps them together and known). */
function toSessionFee(cents: number | null, currency: string | null): Profile['sessionFee'] {
  if (cents === null || currency === null) return null;
  return { amount: cents / 100, currency: currency as (typeof FEE_CURRENCIES)[number] };
}

/** Email and favourites (a referral network) only to the owner; the licence number to the owner and administrators. */
export function toProfile(r: ProfileRow, favorites: FavoriteRow[], viewer: CurrentUser, isFavorite: boolean): Profile {
  const self = viewer.id === r.id;
  return {
    _id: r.id, name: r.name, avatar: r.avatar, location: r.location, profession: r.profession,
    education: r.education, pronouns: r.pronouns, bio: r.bio,
    specialties: r.specialties, modalities: r.modalities, demographics: r.demographics, gender: r.gender,
    sessionFormat: r.sessionFormat, licensingBody: r.licensingBody, licenceRegion: r.licenceRegion,
    licenceCountry: r.licenceCountry, verificationStatus: r.verificationStatus,
    verifiedAt: r.verifiedAt ? r.verifiedAt.toISOString() : null,
    ...toAvailability(r),
    sessionFee: toSessionFee(r.sessionFeeCents, r.sessionFeeCurrency),
    favorites: self ? favorites.map(toFavorite) : [],
    isFavorite,
    ...(self ? { email: r.email, pendingName: r.pendingName, licenceExpiresOn: r.licenceExpiresOn } : {}),
    ...(self || isAdmin(viewer) ? { licenceNumber: r.licenceNumber } : {}),
  };
}
