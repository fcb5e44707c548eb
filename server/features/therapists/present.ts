// Therapists as the API shows them (common/therapists.ts): a directory card, a network entry, a profile.
import type { FavoriteUser, Profile, TherapistCard } from '../../../common/therapists.ts';
import { isAdmin, type CurrentUser } from '../../lib/auth.ts';
import type { CardRow, FavoriteRow, ProfileRow } from './queries.ts';

export const toCard = (r: CardRow): TherapistCard => ({
  _id: r.id, name: r.name, avatar: r.avatar, location: r.location, profession: r.profession,
  specialties: r.specialties, modalities: r.modalities,
});

export const toFavorite = (r: FavoriteRow): FavoriteUser => ({ _id: r.id, name: r.name, avatar: r.avatar, location: r.location });

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
    favorites: self ? favorites.map(toFavorite) : [],
    isFavorite,
    ...(self ? { email: r.email, pendingName: r.pendingName } : {}),
    ...(self || isAdmin(viewer) ? { licenceNumber: r.licenceNumber } : {}),
  };
}
