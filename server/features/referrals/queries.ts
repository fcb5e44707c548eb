// The referrals' SQL. An open referral past expires_at reads as expired: every statement compares with the service's
// clock (`now`, a parameter), so a controlled clock in tests moves every read and every transition at once.
import { sql, type SQL } from 'drizzle-orm';
import type { ReferralStatus } from '../../../common/referrals.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import type { SqlRow, SqlValue } from '../../db/rows.ts';
import type { referrals, users } from '../../db/schema.ts';

export type Cursor = { at: string; id: string };

/** The status a reader sees: an open referral past its expiry is expired. */
const effectiveStatus = (now: Date) => sql`CASE WHEN r.status = 'open' AND r.expires_at <= ${now.toISOString()}::timestamptz
  THEN 'expired' ELSE r.status END`;

/** Rows of one effective status. */
export function statusIs(status: ReferralStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (status === 'open') return sql`r.status = 'open' AND r.expires_at > ${at}`;
  if (status === 'expired') return sql`r.status = 'open' AND r.expires_at <= ${at}`;
  return sql`r.status = ${status}`;
}

/** Either member blocked the other. */
export const blockedEitherWay = (a: SQL, b: SQL) => sql`EXISTS (SELECT 1 FROM blocks b
  WHERE (b.blocker_id = ${a} AND b.blocked_id = ${b}) OR (b.blocker_id = ${b} AND b.blocked_id = ${a}))`;

const isoText = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const jsonArray = (column: string) => sql.raw(`array_to_json(${column}) AS ${column.slice(2)}`);

// The needs and the sender, as every shape of a referral shows them. Times leave as ISO text and lists as JSON: the
// driver's parsers for timestamptz and text[] were a tenth of a list page's time in the node (decision 0098).
const NEEDS = sql`r.id, r.sender_id, su.name AS sender_name, su.avatar AS sender_avatar, r.age_group, ${jsonArray('r.concerns')},
  ${jsonArray('r.modalities')}, ${jsonArray('r.session_formats')}, r.region, ${jsonArray('r.languages')}, ${jsonArray('r.fee_models')},
  r.urgency, r.needed_by::text AS needed_by, r.note, r.to_board,
  ${isoText(sql`r.expires_at`)} AS expires_at, ${isoText(sql`r.created_at`)} AS created_at,
  ${isoText(sql`r.updated_at`)} AS updated_at`;

/** NEEDS with the effective status (computed: an open referral past its expiry reads as expired). */
export type NeedsRow = SqlRow<typeof referrals, 'id' | 'sender_id' | 'age_group' | 'concerns' | 'modalities' | 'session_formats' | 'region'
  | 'languages' | 'fee_models' | 'urgency' | 'needed_by' | 'note' | 'to_board' | 'expires_at' | 'created_at' | 'updated_at'> & {
  sender_name: SqlValue<typeof users, 'name'>; sender_avatar: SqlValue<typeof users, 'avatar'>; status: ReferralStatus;
};
export type RecipientJson = {
  id: string; name: string; avatar: string | null; response: string; message: string | null; respondedAt: string | null;
  viaBoard: boolean; conversationId: string | null; outcome: string | null; outcomeAt: string | null;
};
export type OfferJson = {
  id: string; therapistId: string; name: string; avatar: string | null; message: string; status: string; createdAt: string;
  licensedInRegion: boolean;
};
export type ReferralRow = NeedsRow & { recipients: RecipientJson[] | null; offers: OfferJson[] | null; sender_closed: boolean };

/** One referral with its recipients and offers (the service decides who may see what). */
export async function findReferral(db: Db, id: string, now: Date): Promise<ReferralRow | undefined> {
  const [row] = await queryPrepared<ReferralRow>(db, sql`
    SELECT ${NEEDS}, ${effectiveStatus(now)} AS status,
      (SELECT json_agg(json_build_object('id', rr.recipient_id, 'name', u.name, 'avatar', u.avatar, 'response', rr.response,
          'message', rr.message, 'respondedAt', rr.responded_at, 'viaBoard', rr.via_board, 'conversationId', rr.conversation_id,
          'outcome', rr.outcome, 'outcomeAt', rr.outcome_at)
          ORDER BY rr.created_at, rr.recipient_id)
        FROM referral_recipients rr JOIN users u ON u.id = rr.recipient_id WHERE rr.referral_id = r.id) AS recipients,
      (SELECT json_agg(json_build_object('id', o.id, 'therapistId', o.therapist_id, 'name', u.name, 'avatar', u.avatar,
          'message', o.message, 'status', o.status, 'createdAt', o.created_at,
          'licensedInRegion', r.region = ANY(u.licensed_regions)) ORDER BY o.created_at, o.id)
        FROM referral_offers o JOIN users u ON u.id = o.therapist_id WHERE o.referral_id = r.id) AS offers,
      su.deleted_at IS NOT NULL AS sender_closed
    FROM referrals r JOIN users su ON su.id = r.sender_id WHERE r.id = ${id}`);
  return row;
}

// What a box's item shows (toListItem) and nothing more: a page of 21 rows read modalities, languages, fee models, the note
// and the update time only for the driver to parse them and the presenter to drop them (decision 0101).
const LIST_NEEDS = sql`r.id, r.sender_id, su.name AS sender_name, su.avatar AS sender_avatar, r.age_group, ${jsonArray('r.concerns')},
  ${jsonArray('r.session_formats')}, r.region, r.urgency, r.needed_by::text AS needed_by, r.to_board,
  ${isoText(sql`r.expires_at`)} AS expires_at, ${isoText(sql`r.created_at`)} AS created_at`;

export type ListRow = Pick<NeedsRow, 'id' | 'sender_id' | 'sender_name' | 'sender_avatar' | 'age_group' | 'concerns' | 'session_formats'
  | 'region' | 'urgency' | 'needed_by' | 'to_board' | 'status'> & {
  expires_at: string; created_at: string; my_response: string | null; recipient_count: number; accepted_count: number;
  open_offers: number; cursor_at: string;
};

const PAGE_TAIL = (limit: number) => sql`LIMIT ${limit + 1}`;

/** The received box: newest first by when each reached the caller, served by referral_recipients_inbox_idx. */
export const receivedPage = (db: Db, userId: string, now: Date, limit: number, status?: ReferralStatus, cursor?: Cursor | null) =>
  queryPrepared<ListRow>(db, receivedPageSql(userId, now, limit, status, cursor));

export function receivedPageSql(userId: string, now: Date, limit: number, status?: ReferralStatus, cursor?: Cursor | null): SQL {
  return sql`
    SELECT ${LIST_NEEDS}, ${effectiveStatus(now)} AS status, rr.response AS my_response, 0 AS recipient_count, 0 AS accepted_count,
      0 AS open_offers, ${isoText(sql`rr.created_at`)} AS cursor_at
    FROM referral_recipients rr JOIN referrals r ON r.id = rr.referral_id JOIN users su ON su.id = r.sender_id
    WHERE rr.recipient_id = ${userId} ${status ? sql`AND ${statusIs(status, now)}` : sql``}
      ${cursor ? sql`AND (rr.created_at, rr.referral_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
    ORDER BY rr.created_at DESC, rr.referral_id DESC ${PAGE_TAIL(limit)}`;
}

/** The sent box: newest first, served by referrals_sender_created_idx; the counts by the recipients' and offers' keys. */
export const sentPage = (db: Db, userId: string, now: Date, limit: number, status?: ReferralStatus, cursor?: Cursor | null) =>
  queryPrepared<ListRow>(db, sentPageSql(userId, now, limit, status, cursor));

export function sentPageSql(userId: string, now: Date, limit: number, status?: ReferralStatus, cursor?: Cursor | null): SQL {
  return sql`
    SELECT ${LIST_NEEDS}, ${effectiveStatus(now)} AS status, NULL AS my_response,
      (SELECT count(*)::int FROM referral_recipients x WHERE x.referral_id = r.id) AS recipient_count,
      (SELECT count(*)::int FROM referral_recipients x WHERE x.referral_id = r.id AND x.response = 'accepted') AS accepted_count,
      (SELECT count(*)::int FROM referral_offers o WHERE o.referral_id = r.id AND o.status = 'open') AS open_offers,
      ${isoText(sql`r.created_at`)} AS cursor_at
    FROM referrals r JOIN users su ON su.id = r.sender_id
    WHERE r.sender_id = ${userId} ${status ? sql`AND ${statusIs(status, now)}` : sql``}
      ${cursor ? sql`AND (r.created_at, r.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
    ORDER BY r.created_at DESC, r.id DESC ${PAGE_TAIL(limit)}`;
}

export type BoardRow = NeedsRow & {
  my_offer: { message: string; status: string; createdAt: string } | null; cursor_at: string; viewer_licensed: boolean;
};

/**
 * The board as one therapist sees it: open requests on the board whose age group is among the caller's and which share
 * a concern with the caller's specialties; never their own, never one already sent to them, never across a block.
 */
export function boardPage(db: Db, userId: string, now: Date, limit: number, cursor?: Cursor | null) {
  return queryPrepared<BoardRow>(db, sql`
    SELECT ${NEEDS}, 'open' AS status, ${isoText(sql`r.created_at`)} AS cursor_at, r.region = ANY(me.licensed_regions) AS viewer_licensed,
      (SELECT json_build_object('message', o.message, 'status', o.status, 'createdAt', o.created_at)
        FROM referral_offers o WHERE o.referral_id = r.id AND o.therapist_id = me.id) AS my_offer
    FROM users me JOIN referrals r ON r.age_group = ANY(me.demographics) AND r.to_board AND r.status = 'open'
      JOIN users su ON su.id = r.sender_id
    WHERE me.id = ${userId} AND r.expires_at > ${now.toISOString()}::timestamptz AND r.concerns && me.specialties
      AND r.sender_id <> me.id
      AND NOT EXISTS (SELECT 1 FROM referral_recipients x WHERE x.referral_id = r.id AND x.recipient_id = me.id)
      AND NOT ${blockedEitherWay(sql`me.id`, sql`r.sender_id`)}
      ${cursor ? sql`AND (r.created_at, r.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
    ORDER BY r.created_at DESC, r.id DESC ${PAGE_TAIL(limit)}`);
}

/**
 * Whether the therapist's profile matches the referral for the board (age group and at least one concern), and whether
 * they are licensed in the client's region.
 */
export async function boardMatch(db: Db, referralId: string, userId: string): Promise<{ ok: boolean; licensed: boolean }> {
  const [row] = await queryRows<{ ok: boolean; licensed: boolean }>(db, sql`
    SELECT (r.age_group = ANY(u.demographics) AND r.concerns && u.specialties) AS ok, r.region = ANY(u.licensed_regions) AS licensed
    FROM referrals r, users u WHERE r.id = ${referralId} AND u.id = ${userId}`);
  return { ok: row?.ok === true, licensed: row?.licensed === true };
}

/**
 * The nav badge: referrals still waiting for the caller's answer, and the caller's own open requests; with the earliest
 * expiry among them, when the counts will change without anyone writing.
 */
export async function counts(db: Db, userId: string, now: Date) {
  const [row] = await queryPrepared<{ received_open: number; sent_open: number; next_expiry: Date | string | null }>(db, countsSql(userId, now));
  return row;
}

export function countsSql(userId: string, now: Date): SQL {
  return sql`
    WITH received AS (SELECT r.expires_at FROM referral_recipients rr JOIN referrals r ON r.id = rr.referral_id
        WHERE rr.recipient_id = ${userId} AND rr.response = 'pending' AND ${statusIs('open', now)}),
      sent AS (SELECT r.expires_at FROM referrals r WHERE r.sender_id = ${userId} AND ${statusIs('open', now)})
    SELECT (SELECT count(*)::int FROM received) AS received_open, (SELECT count(*)::int FROM sent) AS sent_open,
      least((SELECT min(expires_at) FROM received), (SELECT min(expires_at) FROM sent)) AS next_expiry`;
}

/** Counts for administrators: never a referral's content. */
export async function stats(db: Db, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<Record<string, number>>(db, sql`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE r.status = 'open' AND r.expires_at > ${at})::int AS open,
      count(*) FILTER (WHERE r.status = 'placed')::int AS placed,
      count(*) FILTER (WHERE r.status = 'withdrawn')::int AS withdrawn,
      count(*) FILTER (WHERE r.status = 'open' AND r.expires_at <= ${at})::int AS expired,
      count(*) FILTER (WHERE r.to_board AND r.status = 'open' AND r.expires_at > ${at})::int AS on_board,
      count(*) FILTER (WHERE r.created_at > ${at} - interval '30 days')::int AS sent_last_30_days
    FROM referrals r`);
  return row;
}
