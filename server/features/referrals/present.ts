// Referrals as the API shows them (common/referrals.ts). A referral is presented per viewer: the sender sees every
// recipient and offer; a recipient only their own entry, and "placed elsewhere" once the sender placed the client.
import type {
  BoardItem, Offer, RecipientState, Recipient, Referral, ReferralListItem, ReferralStatus, Suggestion, SuggestionMatch, Urgency,
} from '../../../common/referrals.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { users } from '../../db/schema.ts';
import { openReferralText } from '../../lib/crypto/fields.ts';
import { outcomeOf, responsivenessFieldsOf } from './outcomes-present.ts';
import type { BoardRow, ListRow, NeedsRow, OfferJson, RecipientJson, ReferralRow } from './queries.ts';

/** "Teen · Anxiety, Panic Disorder · Online · ON": what a system line or a notification names a referral by (needs, never a person). */
export const referralSummary = (row: Pick<NeedsRow, 'age_group' | 'concerns' | 'session_formats' | 'region'>) =>
  [row.age_group, row.concerns.join(', '), row.session_formats.join(', '), row.region].join(' · ');

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Where a recipient stands: after the sender placed the client, everyone who had not accepted reads "placed elsewhere". */
function recipientState(response: string, status: ReferralStatus): RecipientState {
  if (status === 'placed' && response !== 'accepted') return 'placed elsewhere';
  return response as RecipientState;
}

function needs(row: NeedsRow) {
  return {
    _id: row.id,
    sender: { _id: row.sender_id, name: row.sender_name, avatar: row.sender_avatar },
    ageGroup: row.age_group,
    concerns: row.concerns,
    modalities: row.modalities,
    sessionFormats: row.session_formats,
    region: row.region,
    languages: row.languages,
    feeModels: row.fee_models,
    urgency: row.urgency as Urgency,
    neededBy: row.needed_by,
    note: openReferralText(row.id, row.note),
  };
}

function toRecipient(r: RecipientJson, status: ReferralStatus, referralId: string): Recipient {
  return {
    user: { _id: r.id, name: r.name, avatar: r.avatar },
    response: recipientState(r.response, status),
    message: openReferralText(referralId, r.message),
    respondedAt: isoOrNull(r.respondedAt),
    viaBoard: r.viaBoard,
    conversationId: r.conversationId,
    ...outcomeOf(r, status),
  };
}

function toOffer(o: OfferJson, referralId: string): Offer {
  return {
    _id: o.id, therapist: { _id: o.therapistId, name: o.name, avatar: o.avatar }, message: openReferralText(referralId, o.message),
    status: o.status as Offer['status'], createdAt: iso(o.createdAt), licensedInRegion: o.licensedInRegion,
  };
}

export function toReferral(row: ReferralRow, viewerId: string): Referral {
  const isSender = row.sender_id === viewerId;
  const recipients = (row.recipients ?? []).filter((r) => isSender || r.id === viewerId);
  return {
    ...needs(row),
    toBoard: row.to_board,
    status: row.status,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    viewerRole: isSender ? 'sender' : 'recipient',
    senderAccountClosed: row.sender_closed,
    recipients: recipients.map((r) => toRecipient(r, row.status, row.id)),
    offers: isSender ? (row.offers ?? []).map((o) => toOffer(o, row.id)) : [],
  };
}

/** A box's item; its times come from the database as ISO text already (queries.ts, isoText) and are passed on as they are. */
export function toListItem(row: ListRow): ReferralListItem {
  return {
    _id: row.id, sender: { _id: row.sender_id, name: row.sender_name, avatar: row.sender_avatar },
    ageGroup: row.age_group, concerns: row.concerns, sessionFormats: row.session_formats,
    region: row.region, urgency: row.urgency as Urgency, neededBy: row.needed_by,
    status: row.status,
    toBoard: row.to_board,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    myResponse: row.my_response === null ? null : recipientState(row.my_response, row.status),
    recipientCount: row.recipient_count,
    acceptedCount: row.accepted_count,
    openOffers: row.open_offers,
  };
}

export function toBoardItem(row: BoardRow): BoardItem {
  return {
    ...needs(row),
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    youAreLicensedInRegion: row.viewer_licensed,
    myOffer: row.my_offer
      ? { message: openReferralText(row.id, row.my_offer.message), status: row.my_offer.status as 'open' | 'accepted', createdAt: iso(row.my_offer.createdAt) }
      : null,
  };
}

/** The therapist's columns suggestions.ts selects, and whether they can see the client where the client is (computed). */
export type SuggestionRow = SqlRow<typeof users, 'id' | 'name' | 'avatar' | 'profession' | 'location' | 'accepting_clients'
  | 'availability_note' | 'availability_updated_at' | 'demographics' | 'specialties' | 'modalities' | 'session_format'
  | 'licensed_regions' | 'languages' | 'fee_models' | 'response_rate' | 'median_response_hours'> & {
  /** Licensed in the client's region, or practising there for a client who meets in person (suggestions.ts). */
  in_region: boolean;
};
export type Needs = {
  ageGroup?: string; concerns: string[]; modalities: string[]; sessionFormats: string[]; region?: string;
  languages: string[]; feeModels: string[];
};

/** The needs a therapist matches, as values in the form's order. */
function matchedNeeds(row: SuggestionRow, want: Needs): SuggestionMatch {
  const among = (wanted: string[], offered: string[]) => wanted.filter((w) => offered.includes(w));
  return {
    ageGroup: want.ageGroup && row.demographics.includes(want.ageGroup) ? want.ageGroup : null,
    concerns: among(want.concerns, row.specialties),
    modalities: among(want.modalities, row.modalities),
    sessionFormats: among(want.sessionFormats, row.session_format),
    languages: among(want.languages, row.languages),
    feeModels: among(want.feeModels, row.fee_models),
  };
}

/** The same in English words, for API clients: "Teen, Anxiety, EMDR, Online, licensed in ON". */
function reasonsFor(matched: SuggestionMatch, licensedIn: string | null): string[] {
  return [
    ...(matched.ageGroup ? [matched.ageGroup] : []), ...matched.concerns, ...matched.modalities, ...matched.sessionFormats,
    ...(licensedIn ? [`licensed in ${licensedIn}`] : []), ...matched.languages, ...matched.feeModels,
  ];
}

export function toSuggestion(row: SuggestionRow, want: Needs, inNetwork: boolean): Suggestion {
  const licensedInRegion = Boolean(want.region && row.licensed_regions.includes(want.region));
  const matched = matchedNeeds(row, want);
  return {
    _id: row.id,
    name: row.name,
    avatar: row.avatar,
    profession: row.profession,
    location: row.location,
    acceptingClients: row.accepting_clients as Suggestion['acceptingClients'],
    availabilityNote: row.availability_note,
    availabilityUpdatedAt: isoOrNull(row.availability_updated_at),
    inNetwork,
    licensedInRegion,
    matched,
    ...responsivenessFieldsOf(row, reasonsFor(matched, licensedInRegion ? want.region! : null)),
  };
}
