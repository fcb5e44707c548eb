// "Download my data": the ZIP is this list of sections, one JSON file each. A feature with more of a member's data is
// one more entry. Each section reads its rows page by page (keyset on a uuid `k`), so
// the file is written as it is read and no section is ever held in memory whole.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { openReferralText } from '../../lib/crypto/fields.ts';
import { openLine } from '../../lib/system-lines.ts';
import { ACCESS_LOG_COLUMNS, presentAccessEntry } from '../../lib/access-log.ts';

export type ExportSection = {
  /** The file's name in the ZIP. */
  file: string;
  /** The section's rows after key `after` (a uuid), in key order, at most `limit`; each row has its key as `k`. */
  page: (userId: string, after: string, limit: number) => SQL;
  /** Decrypts what the section's rows hold encrypted at rest (server/lib/crypto). */
  open?: (row: Row) => Row;
};
type Row = Record<string, unknown>;

const PAGE_SIZE = 500;
const FIRST_KEY = '00000000-0000-0000-0000-000000000000';

/** Every row of a section, without `k`, one page at a time. */
export async function* sectionRows(db: Db, section: ExportSection, userId: string): AsyncGenerator<object> {
  let after = FIRST_KEY;
  for (;;) {
    const rows = await queryRows<{ k: string } & Row>(db, section.page(userId, after, PAGE_SIZE));
    for (const { k: _key, ...row } of rows) yield section.open ? section.open(row) : row;
    if (rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1].k;
  }
}

export const EXPORT_SECTIONS: ExportSection[] = [
  { file: 'profile.json', page: (me, after, limit) => sql`
      SELECT id AS k, to_jsonb(u) - 'password_hash' AS profile FROM users u WHERE id = ${me} AND id > ${after}::uuid LIMIT ${limit}` },
  { file: 'licence-decisions.json', page: (me, after, limit) => sql`
      SELECT id AS k, approved, reason, created_at AS "decidedAt" FROM verification_decisions
      WHERE user_id = ${me} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}` },
  { file: 'posts.json', page: (me, after, limit) => sql`
      SELECT p.id AS k, p.id, c.name AS community, p.title, p.content, p.likes_count AS "likesCount",
        p.comments_count AS "commentsCount", p.created_at AS "createdAt", p.removed_at AS "removedAt"
      FROM posts p LEFT JOIN communities c ON c.id = p.community_id
      WHERE p.author_id = ${me} AND p.id > ${after}::uuid ORDER BY p.id LIMIT ${limit}` },
  { file: 'comments.json', page: (me, after, limit) => sql`
      SELECT id AS k, id, post_id AS "postId", parent_id AS "parentId", content, deleted, created_at AS "createdAt"
      FROM comments WHERE author_id = ${me} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}` },
  { file: 'likes.json', page: (me, after, limit) => sql`
      SELECT k, kind, "likedAt" FROM (
        SELECT post_id AS k, 'post' AS kind, created_at AS "likedAt" FROM post_likes WHERE user_id = ${me}
        UNION ALL
        SELECT comment_id, 'comment', created_at FROM comment_likes WHERE user_id = ${me}) l
      WHERE k > ${after}::uuid ORDER BY k LIMIT ${limit}` },
  { file: 'communities.json', page: (me, after, limit) => sql`
      SELECT c.id AS k, c.id, c.name, c.created_by = ${me} AS "createdByMe", m.joined_at AS "joinedAt"
      FROM communities c LEFT JOIN community_members m ON m.community_id = c.id AND m.user_id = ${me}
      WHERE (m.user_id IS NOT NULL OR c.created_by = ${me}) AND c.id > ${after}::uuid ORDER BY c.id LIMIT ${limit}` },
  { file: 'favourites.json', page: (me, after, limit) => sql`
      SELECT f.favorite_id AS k, f.favorite_id AS "memberId", u.name, f.created_at AS "addedAt"
      FROM favorites f JOIN users u ON u.id = f.favorite_id
      WHERE f.user_id = ${me} AND f.favorite_id > ${after}::uuid ORDER BY f.favorite_id LIMIT ${limit}` },
  { file: 'blocked-members.json', page: (me, after, limit) => sql`
      SELECT b.blocked_id AS k, b.blocked_id AS "memberId", u.name, b.created_at AS "blockedAt"
      FROM blocks b JOIN users u ON u.id = b.blocked_id
      WHERE b.blocker_id = ${me} AND b.blocked_id > ${after}::uuid ORDER BY b.blocked_id LIMIT ${limit}` },
  { file: 'resources.json', page: (me, after, limit) => sql`
      SELECT id AS k, id, title, link, description, category, is_approved AS approved, created_at AS "createdAt"
      FROM resources WHERE created_by = ${me} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}` },
  { file: 'conversations.json', page: (me, after, limit) => sql`
      SELECT c.id AS k, c.id, other.user_id AS "withMemberId", u.name AS "withName", c.created_at AS "createdAt"
      FROM conversation_participants mine JOIN conversations c ON c.id = mine.conversation_id
      LEFT JOIN conversation_participants other ON other.conversation_id = c.id AND other.user_id <> ${me}
      LEFT JOIN users u ON u.id = other.user_id
      WHERE mine.user_id = ${me} AND c.id > ${after}::uuid ORDER BY c.id LIMIT ${limit}` },
  { file: 'messages.json', page: (me, after, limit) => sql`
      SELECT m.id AS k, m.id, m.conversation_id AS "conversationId", m.sender_id = ${me} AS "sentByMe", u.name AS "senderName",
        m.text, m.kind, m.status, m.created_at AS "createdAt", m.removed_at AS "removedAt"
      FROM conversation_participants mine JOIN messages m ON m.conversation_id = mine.conversation_id
      JOIN users u ON u.id = m.sender_id
      WHERE mine.user_id = ${me} AND m.id > ${after}::uuid ORDER BY m.id LIMIT ${limit}`,
    // An export section's rows are untyped JSON-bound records (Row), so their fields are read as strings here.
    open: ({ kind, ...row }) => ({ ...row, text: openLine(String(row.id), String(row.text), String(kind)).text }) },
  { file: 'sessions.json', page: (me, after, limit) => sql`
      SELECT id AS k, to_jsonb(s) - 'token_hash' - 'user_id' AS session FROM sessions s
      WHERE user_id = ${me} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}` },
  { file: 'reports-filed.json', page: (me, after, limit) => sql`
      SELECT id AS k, id, target_type AS "targetType", target_id AS "targetId", reason, details, status, resolution,
        created_at AS "createdAt", resolved_at AS "resolvedAt"
      FROM reports WHERE reporter_id = ${me} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}` },
  // Notifications (w-notif, migration 0101): the member's items, preferences and followed threads.
  { file: 'notifications.json', page: (me, after, limit) => sql`
      SELECT id AS k, id, type, target_kind AS "targetKind", target_title AS "targetTitle", target_url AS "targetUrl", place,
        actor_count AS "actorCount", visible, created_at AS "createdAt", read_at AS "readAt"
      FROM notifications WHERE user_id = ${me} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}` },
  { file: 'notification-preferences.json', page: (me, after, limit) => sql`
      SELECT user_id AS k, jsonb_agg(jsonb_build_object('key', key, 'inApp', in_app, 'email', email, 'push', push) ORDER BY key) AS preferences
      FROM notification_preferences WHERE user_id = ${me} AND user_id > ${after}::uuid GROUP BY user_id LIMIT ${limit}` },
  { file: 'bookmarks.json', page: (me, after, limit) => sql`
      SELECT b.post_id AS k, b.post_id AS "postId", p.title, b.created_at AS "bookmarkedAt"
      FROM post_bookmarks b JOIN posts p ON p.id = b.post_id
      WHERE b.user_id = ${me} AND b.post_id > ${after}::uuid ORDER BY b.post_id LIMIT ${limit}` },
  { file: 'followed-posts.json', page: (me, after, limit) => sql`
      SELECT post_id AS k, post_id AS "postId", created_at AS "followedAt" FROM post_follows
      WHERE user_id = ${me} AND post_id > ${after}::uuid ORDER BY post_id LIMIT ${limit}` },
  // Referrals (migration 0095): those the member sent with each answer, those sent to them with theirs, their offers.
  { file: 'referrals-sent.json', page: (me, after, limit) => sql`
      SELECT r.id AS k, r.id, r.age_group AS "ageGroup", r.concerns, r.modalities, r.session_formats AS "sessionFormats",
        r.region, r.languages, r.fee_models AS "feeModels", r.urgency, r.needed_by AS "neededBy", r.note,
        r.to_board AS "toBoard", r.status, r.created_at AS "createdAt",
        (SELECT coalesce(jsonb_agg(jsonb_build_object('name', u.name, 'response', rr.response, 'message', rr.message,
            'respondedAt', rr.responded_at) ORDER BY rr.created_at), '[]'::jsonb)
           FROM referral_recipients rr JOIN users u ON u.id = rr.recipient_id WHERE rr.referral_id = r.id) AS recipients
      FROM referrals r WHERE r.sender_id = ${me} AND r.id > ${after}::uuid ORDER BY r.id LIMIT ${limit}`,
    open: (row) => openReferral(row, ['note'], (row.recipients as Row[]).map((r) => openReferral({ ...r, id: row.id }, ['message']))) },
  { file: 'referrals-received.json', page: (me, after, limit) => sql`
      SELECT r.id AS k, r.id, u.name AS "fromName", r.age_group AS "ageGroup", r.concerns, r.session_formats AS "sessionFormats",
        r.region, r.urgency, r.note, r.status, r.created_at AS "createdAt", rr.response AS "myResponse",
        rr.message AS "myMessage", rr.responded_at AS "respondedAt"
      FROM referral_recipients rr JOIN referrals r ON r.id = rr.referral_id JOIN users u ON u.id = r.sender_id
      WHERE rr.recipient_id = ${me} AND r.id > ${after}::uuid ORDER BY r.id LIMIT ${limit}`,
    open: (row) => openReferral(row, ['note', 'myMessage']) },
  { file: 'referral-offers.json', page: (me, after, limit) => sql`
      SELECT id AS k, id, referral_id AS "referralId", message, status, created_at AS "createdAt"
      FROM referral_offers WHERE therapist_id = ${me} AND id > ${after}::uuid ORDER BY id LIMIT ${limit}`,
    open: (row) => openReferral({ ...row, id: row.referralId }, ['message'], undefined, row.id) },
  // What administrators decided about the member, with only what the member was told: the reason of a declined licence,
  // the names of a name change. Never a moderator's note or how many reported them; a dismissed report, which the member
  // never heard of, not at all (it would tell them someone reported them).
  { file: 'audit.json', page: (me, after, limit) => sql`
      SELECT id AS k, action,
        jsonb_strip_nulls(jsonb_build_object('reason', detail->'reason', 'previousName', detail->'previousName',
          'requestedName', detail->'requestedName')) AS detail,
        created_at AS "createdAt" FROM audit_log
      WHERE target_type = 'user' AND target_id = ${me}::text AND action <> 'report.dismiss' AND id > ${after}::uuid
      ORDER BY id LIMIT ${limit}` },
  // "Access to my account" (GET /api/users/me/access-log): the same entries, as the member reads them there.
  { file: 'access-log.json', page: (me, after, limit) => sql`
      SELECT a.id AS k, ${ACCESS_LOG_COLUMNS}
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.member_id = ${me} AND a.id > ${after}::uuid ORDER BY a.id LIMIT ${limit}`,
    open: (row) => presentAccessEntry(row as Parameters<typeof presentAccessEntry>[0]) },
];

/** The referral's encrypted fields of a row decrypted (`id`: the referral's); `recipients` replaced when given. */
function openReferral(row: Row, fields: string[], recipients?: Row[], ownId?: unknown): Row {
  const open: Row = { ...row };
  // Row is an untyped export record; `id` is the referral's uuid.
  for (const field of fields) open[field] = openReferralText(String(row.id), row[field] as string | null);
  if (recipients) open.recipients = recipients.map(({ id: _id, ...r }) => r);
  if (ownId !== undefined) open.id = ownId;
  return open;
}
