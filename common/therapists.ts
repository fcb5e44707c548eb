// Schemas of the therapist network: directory query, profile update, and the shapes the API returns.
import { z } from 'zod';
import { ResponsivenessFields } from './referral-outcomes.ts';
import { optionList, splitList } from './option-lists.ts';
import { PageInfo } from './paging.ts';
import { LIMITS, THERAPISTS_MAX_PAGE_SIZE, THERAPISTS_PAGE_SIZE } from './constants.ts';
import { AvatarUpdate, PersonName, WebsiteUpdate } from './people.ts';
import {
  ACCEPTING_STATUSES, AGE_GROUPS, FEE_CURRENCIES, FEE_MODELS, SESSION_FEE_MAX, LANGUAGES, MODALITIES, SELF_DESCRIBE, SESSION_FORMATS, SPECIALTIES,
} from './options.ts';
import { REGION_CODES } from './regions.ts';
import { PracticeLink } from './practices.ts';
import { AVAILABILITY_NOTE_MAX, INSURER_MAX, MAX_INSURERS } from './availability.ts';

export const PROFILE_NOT_FOUND = 'Profile not found.';
export const CANNOT_FAVORITE_SELF = 'You cannot add yourself to your network.';
// The favourites list travels whole in several responses (the spec's PATCH returns it populated), so it is bounded.
export const MAX_FAVORITES = 500;
export const NETWORK_FULL = `Your network can hold at most ${MAX_FAVORITES} therapists. Remove someone first.`;
const SEARCH_TEXT_MAX = 100;
const MAX_PAGE = 100_000;

const queryList = (options: readonly string[]) => z.preprocess(splitList, optionList(options).optional());
const searchText = z.string().trim().max(SEARCH_TEXT_MAX, `must be at most ${SEARCH_TEXT_MAX} characters`).optional();
// One region code, in any case ('on' is ON).
const regionCode = z.string().trim().toUpperCase().pipe(z.enum(REGION_CODES, { message: 'must be a province or state code such as ON or NY' }));

/** GET /api/users */
export const DirectoryQuery = z.object({
  location: searchText,
  q: searchText,
  specialties: queryList(SPECIALTIES),
  modalities: queryList(MODALITIES),
  demographics: queryList(AGE_GROUPS),
  sessionFormat: queryList(SESSION_FORMATS),
  /** Any of these statuses: `accepting` alone, or `accepting,waitlist` for anyone who will take a client eventually. */
  accepting: queryList(ACCEPTING_STATUSES),
  languages: queryList(LANGUAGES),
  feeModels: queryList(FEE_MODELS),
  /** Licensed in this province or state, or located there (the region named in the location's text). */
  region: regionCode.optional(),
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_PAGE, `must be at most ${MAX_PAGE}`).optional(),
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1')
    .max(THERAPISTS_MAX_PAGE_SIZE, `must be at most ${THERAPISTS_MAX_PAGE_SIZE}`).optional(),
});
export type DirectoryFilters = z.infer<typeof DirectoryQuery>;
export const DEFAULT_LIMIT = THERAPISTS_PAGE_SIZE;

/** Gender: at most one value, an option or a self-described text; blanks are dropped, so '' gives []. */
const genderList = z.array(z.string().trim())
  .transform((values) => values.filter((v) => v !== ''))
  .pipe(z.array(
    z.string()
      .max(LIMITS.selfDescribedGender, `a self-described gender must be at most ${LIMITS.selfDescribedGender} characters`)
      .refine((v) => v !== SELF_DESCRIBE, 'describe the gender in your own words or choose an option'),
  ).max(1, 'choose at most one value'));

const profileText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

// Control and format characters make entries that look empty or alike; refused, as in names.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** Insurers are free text: trimmed, blanks dropped, repeats (in any case) kept once, then at most MAX_INSURERS. */
const insurerList = z.array(z.string().max(INSURER_MAX * 4, `must each be at most ${INSURER_MAX} characters`))
  .max(LIMITS.listItems, `must have at most ${MAX_INSURERS} entries`)
  .transform((values) => {
    const seen = new Set<string>();
    return values.map((v) => v.trim()).filter((v) => v !== '' && !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
  })
  .pipe(z.array(z.string()
    .max(INSURER_MAX, `must each be at most ${INSURER_MAX} characters`)
    .refine((v) => !INVISIBLE.test(v), 'must not contain invisible or control characters'))
    .max(MAX_INSURERS, `must have at most ${MAX_INSURERS} entries`));

/** PUT /api/users/me: every field optional; a field not sent keeps its value. */
/** A fee per session: an amount in the currency's units, with at most two decimals (cents). */
export const SessionFee = z.object({
  amount: z.number({ message: 'must be a number' }).positive('must be more than 0')
    .max(SESSION_FEE_MAX, `must be at most ${SESSION_FEE_MAX}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must have at most two decimals'),
  currency: z.enum(FEE_CURRENCIES, { message: `must be one of: ${FEE_CURRENCIES.join(', ')}` }),
});
export type SessionFee = z.infer<typeof SessionFee>;

export const ProfileUpdateBody = z.object({
  /** A verified member's new name waits for an administrator (pendingName); the old one shows until then. */
  name: PersonName,
  location: profileText(LIMITS.shortText),
  profession: profileText(LIMITS.shortText),
  education: profileText(LIMITS.shortText),
  pronouns: profileText(50),
  bio: profileText(LIMITS.bio),
  avatar: AvatarUpdate,
  specialties: optionList(SPECIALTIES),
  modalities: optionList(MODALITIES),
  demographics: optionList(AGE_GROUPS),
  gender: genderList,
  sessionFormat: optionList(SESSION_FORMATS),
  // Referral availability: a change of status or note stamps availabilityUpdatedAt (the server's clock).
  acceptingClients: z.enum(ACCEPTING_STATUSES, { message: `must be one of: ${ACCEPTING_STATUSES.join(', ')}` }),
  availabilityNote: profileText(AVAILABILITY_NOTE_MAX)
    .refine((v) => !INVISIBLE.test(v), 'must not contain invisible or control characters'),
  languages: optionList(LANGUAGES),
  feeModels: optionList(FEE_MODELS),
  /** null removes it. */
  sessionFee: SessionFee.nullable(),
  insurers: insurerList,
  licensedRegions: optionList(REGION_CODES),
  website: WebsiteUpdate,
}).partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdateBody>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateBody>;

export const FavoriteParams = z.object({ userId: z.uuid({ message: 'must be a valid id' }) });
// Malformed ids are answered like unknown ones (404), so the check happens in the handler, not here.
export const ProfileParams = z.object({ id: z.string().max(200) });

/** Referral availability, on cards and profiles alike. */
const Availability = {
  acceptingClients: z.enum(ACCEPTING_STATUSES),
  availabilityNote: z.string(),
  /** When the status or note last changed or was reconfirmed; null when never. */
  availabilityUpdatedAt: z.string().nullable(),
  /** Not confirmed for AVAILABILITY_STALE_DAYS, or never (common/availability.ts). */
  availabilityStale: z.boolean(),
  languages: z.array(z.string()),
  feeModels: z.array(z.string()),
  insurers: z.array(z.string()),
  licensedRegions: z.array(z.string()),
  /** An https address, or '' when none. */
  website: z.string(),
  /** How the therapist answers referrals (common/referral-outcomes.ts): absent below three referrals. */
  ...ResponsivenessFields,
};

/** A directory card: only what the card shows. */
export const TherapistCard = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  location: z.string(),
  profession: z.string(),
  specialties: z.array(z.string()),
  modalities: z.array(z.string()),
  ...Availability,
  /** The group practices the therapist works at ("Works at Harbour Therapy"), on the directory's pages. */
  practices: z.array(PracticeLink).optional(),
});
export type TherapistCard = z.infer<typeof TherapistCard>;

export const DirectoryResponse = z.object({
  users: z.array(TherapistCard),
  ...PageInfo,
  total: z.number(),
});
export type DirectoryResponse = z.infer<typeof DirectoryResponse>;

export const FavoriteUser = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable(), location: z.string() });
export type FavoriteUser = z.infer<typeof FavoriteUser>;
export const FavoritesResponse = z.object({ favorites: z.array(FavoriteUser) });
export type FavoritesResponse = z.infer<typeof FavoritesResponse>;

/** GET /api/users/{id}: the public profile; email and licence number only where the server allows. */
export const Profile = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  location: z.string(),
  profession: z.string(),
  education: z.string(),
  pronouns: z.string(),
  bio: z.string(),
  specialties: z.array(z.string()),
  modalities: z.array(z.string()),
  demographics: z.array(z.string()),
  gender: z.array(z.string()),
  sessionFormat: z.array(z.string()),
  licensingBody: z.string(),
  licenceRegion: z.string(),
  licenceCountry: z.string(),
  verificationStatus: z.string(),
  verifiedAt: z.string().nullable(),
  ...Availability,
  /** The fee per session, or null when the therapist gives none. */
  sessionFee: z.object({ amount: z.number(), currency: z.enum(FEE_CURRENCIES) }).nullable(),
  /** The owner's network; empty for every other reader (a referral network is private). */
  favorites: z.array(FavoriteUser),
  /** Whether the viewer has this therapist in their network. */
  isFavorite: z.boolean(),
  /** Only to the owner. */
  email: z.string().optional(),
  /** Only to the owner: a name change waiting for an administrator, or null. */
  pendingName: z.string().nullable().optional(),
  /** Only to the owner and administrators. */
  licenceNumber: z.string().optional(),
  /** The owner's only: when the licence expires, to fill the licence form again. */
  licenceExpiresOn: z.string().nullable().optional(),
  /** The group practices the member works at ("Works at Harbour Therapy"; docs/decisions/0245). */
  practices: z.array(PracticeLink).optional(),
});
export type Profile = z.infer<typeof Profile>;
