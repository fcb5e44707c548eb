// What the referral feature needs of group practices (docs/decisions/0245-group-practices.md), shared so that neither
// feature imports the other: checking the practices a referral is sent to, recording it in their intake inboxes with the
// notice to their intake members, and what the sender reads of each practice ("Assigned to Dr X at Harbour Therapy").
import { sql, type SQL } from 'drizzle-orm';
import {
  INBOX_ROLES, PRACTICE_SUGGESTION_MIN_CLINICIANS, PRACTICE_SUGGESTIONS_MAX, PRACTICE_TEXTS, type PracticeLink, type PracticeSuggestion,
  type ReferralPractice,
} from '../../common/practices.ts';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow, SqlValue } from '../db/rows.ts';
import type { practiceMembers, practices, users } from '../db/schema.ts';
import { badRequest, forbidden } from './errors.ts';
import { outboxEvent, type OutboxEvent } from './outbox.ts';

const roleList = (roles: readonly string[]) => sql.raw(`ARRAY[${roles.map((r) => `'${r}'`).join(',')}]::text[]`);

/**
 * Every practice exists, the sender is none of its members, and no block stands between the sender and any member
 * (blocking applies to each member: a practice of someone who blocked you is not yours to refer to).
 */
export async function checkPracticeRecipients(db: Db, senderId: string, practiceIds: string[]): Promise<void> {
  if (!practiceIds.length) return;
  const rows = await queryRows<SqlRow<typeof practices, 'id'> & { own: boolean; blocked: boolean /* EXISTS */ }>(db, sql`
    SELECT p.id,
      EXISTS (SELECT 1 FROM practice_members m WHERE m.practice_id = p.id AND m.user_id = ${senderId}) AS own,
      EXISTS (SELECT 1 FROM practice_members m JOIN blocks b
        ON (b.blocker_id = m.user_id AND b.blocked_id = ${senderId}) OR (b.blocker_id = ${senderId} AND b.blocked_id = m.user_id)
        WHERE m.practice_id = p.id) AS blocked
    FROM practices p WHERE p.id = ANY(${`{${practiceIds.join(',')}}`}::uuid[])`);
  if (rows.length < practiceIds.length) throw badRequest(PRACTICE_TEXTS.practiceMissing);
  if (rows.some((r) => r.own)) throw badRequest(PRACTICE_TEXTS.ownPractice);
  if (rows.some((r) => r.blocked)) throw forbidden(PRACTICE_TEXTS.practiceBlocked);
}

/** A notice about a practice's referral; `detail` is the practice's name, `url` where the recipient acts on it. */
export type PracticeNotice = {
  type: 'practiceReferralReceived' | 'practiceReferralAssigned' | 'referralAssigned' | 'referralAnswered';
  referralId: string; summary: string; actorId: string | null; to: string[]; detail: string; url: string;
};
export const practiceNotice = outboxEvent<PracticeNotice>('practices.notice');

/**
 * Puts the referral in each practice's inbox, in the sending transaction, and records the notice to the practice's
 * intake members, admins and owner (who are the inbox's readers).
 */
export async function addToPracticeInboxes(tx: Db, referralId: string, practiceIds: string[], now: Date, summary: string, senderId: string): Promise<OutboxEvent[]> {
  if (!practiceIds.length) return [];
  const rows = await queryRows<SqlRow<typeof practices, 'id' | 'slug' | 'name'> & { readers: string[] /* array_agg */ }>(tx, sql`
    WITH added AS (
      INSERT INTO practice_referrals (referral_id, practice_id, created_at)
      SELECT ${referralId}::uuid, unnest(${`{${practiceIds.join(',')}}`}::uuid[]), ${now.toISOString()}::timestamptz
      RETURNING practice_id)
    SELECT p.id, p.slug, p.name, coalesce(array_agg(m.user_id) FILTER (WHERE m.user_id IS NOT NULL), '{}') AS readers
    FROM added a JOIN practices p ON p.id = a.practice_id
    LEFT JOIN practice_members m ON m.practice_id = p.id AND m.role = ANY(${roleList(INBOX_ROLES)})
    GROUP BY p.id, p.slug, p.name`);
  return rows.filter((p) => p.readers.length).map((p) => practiceNotice.of({
    type: 'practiceReferralReceived', referralId, summary, actorId: senderId, to: p.readers, detail: p.name,
    url: `/practices/${p.slug}/inbox`,
  }));
}

/** A practice as its links name it. */
type PracticeNamed = SqlRow<typeof practices, 'id' | 'slug' | 'name'>;

/** What the sender reads of the practices a referral went to; empty for anyone else. */
export async function practicesOfReferral(db: Db, referralId: string): Promise<ReferralPractice[]> {
  const rows = await queryRows<PracticeNamed & { state: ReferralPractice['state'] } & {
    user_id: SqlValue<typeof users, 'id'> | null; user_name: SqlValue<typeof users, 'name'> | null; avatar: SqlValue<typeof users, 'avatar'>;
  }>(db, sql`
    SELECT p.id, p.slug, p.name, pr.state, u.id AS user_id, u.name AS user_name, u.avatar
    FROM practice_referrals pr JOIN practices p ON p.id = pr.practice_id LEFT JOIN users u ON u.id = pr.assigned_to
    WHERE pr.referral_id = ${referralId} ORDER BY p.name`);
  return rows.map((r) => ({
    _id: r.id, slug: r.slug, name: r.name, state: r.state,
    assignedTo: r.user_id ? { _id: r.user_id, name: r.user_name ?? '', avatar: r.avatar } : null,
  }));
}

/** The practices a member belongs to, for their profile ("Works at ..."). */
/** The practices of each of a page of directory cards ("Works at ..."), in one read through practice_members_user_idx. */
export async function practicesOfMembers(db: Db, userIds: string[]): Promise<Map<string, PracticeLink[]>> {
  const byMember = new Map<string, PracticeLink[]>();
  if (!userIds.length) return byMember;
  const rows = await queryRows<PracticeNamed & SqlRow<typeof practiceMembers, 'user_id'> & { role: PracticeLink['role'] }>(db, sql`
    SELECT m.user_id, p.id, p.slug, p.name, m.role FROM practice_members m JOIN practices p ON p.id = m.practice_id
    WHERE m.user_id = ANY(${`{${userIds.join(',')}}`}::uuid[]) ORDER BY p.name`);
  for (const r of rows) byMember.set(r.user_id, [...(byMember.get(r.user_id) ?? []), { _id: r.id, slug: r.slug, name: r.name, role: r.role }]);
  return byMember;
}

export async function practicesOfMember(db: Db, userId: string): Promise<PracticeLink[]> {
  const rows = await queryRows<PracticeNamed & { role: PracticeLink['role'] }>(db, sql`
    SELECT p.id, p.slug, p.name, m.role FROM practice_members m JOIN practices p ON p.id = m.practice_id
    WHERE m.user_id = ${userId} ORDER BY p.name`);
  return rows.map((r) => ({ _id: r.id, slug: r.slug, name: r.name, role: r.role }));
}

/**
 * Practices to suggest for a referral (docs/decisions/0345): those with at least PRACTICE_SUGGESTION_MIN_CLINICIANS
 * clinicians (not intake) among the referral's candidates, `candidate` being the referral feature's test on a user row
 * `u`. Never the caller's own practice, nor one with a member on either side of a block with the caller (as referring
 * to it is refused). In the client's region first, then by accepting clinicians, then by matching ones.
 */
export async function suggestPractices(db: Db, callerId: string, candidate: SQL, region: string | undefined): Promise<PracticeSuggestion[]> {
  const inRegion = region ? sql`p.regions @> ${`{${region}}`}::text[]` : sql`false`;
  const rows = await queryRows<SqlRow<typeof practices, 'id' | 'slug' | 'name' | 'logo'> & { matching: number; accepting: number; in_region: boolean }>(db, sql`
    SELECT p.id, p.slug, p.name, p.logo, count(*)::int AS matching,
      count(*) FILTER (WHERE u.accepting_clients = 'accepting')::int AS accepting, ${inRegion} AS in_region
    FROM practice_members m JOIN users u ON u.id = m.user_id JOIN practices p ON p.id = m.practice_id
    WHERE m.role <> 'intake' AND u.id <> ${callerId} AND ${candidate}
      AND NOT EXISTS (SELECT 1 FROM practice_members me WHERE me.practice_id = p.id AND me.user_id = ${callerId})
      AND NOT EXISTS (SELECT 1 FROM practice_members pm JOIN blocks b
        ON (b.blocker_id = pm.user_id AND b.blocked_id = ${callerId}) OR (b.blocker_id = ${callerId} AND b.blocked_id = pm.user_id)
        WHERE pm.practice_id = p.id)
    GROUP BY p.id
    HAVING count(*) >= ${PRACTICE_SUGGESTION_MIN_CLINICIANS}
    ORDER BY in_region DESC, accepting DESC, matching DESC, lower(p.name), p.id
    LIMIT ${PRACTICE_SUGGESTIONS_MAX}`);
  return rows.map((r) => ({
    _id: r.id, slug: r.slug, name: r.name, logo: r.logo, matchingClinicians: r.matching, acceptingClinicians: r.accepting, inRegion: r.in_region,
    reasons: [
      `${r.matching} clinicians match`,
      ...(r.accepting ? [`${r.accepting} accepting new clients`] : []),
      ...(region && r.in_region ? [`located in ${region}`] : []),
    ],
  }));
}
