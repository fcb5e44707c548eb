// The receipts' statements, each for many (conversation, member) pairs at once: a node gathers its devices' receipts
// for a few milliseconds and writes them in one statement (./receipts.ts, docs/decisions/0380). One statement per
// receipt was a commit per device per message, about 1,100 a second at 100 group messages a second (decision 0336).
//
// Pairs and groups go through the same statement, each its own way:
// - a pair's receipts are the message rows' status (`sent` → `delivered` → `read`), told to the sender as such;
// - a group's are each member's marks, delivered_through and read_through ("read up to"), one row per member and
//   conversation, moved forward only; the messages a mark newly covers are the senders' counts to grow. A group's
//   status column still moves (it says that someone got the message), as it did.
// Rows are locked in one order (participants by conversation and member, messages by id), so that two nodes' batches,
// or a batch and a send, wait for each other rather than deadlock.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryShaped } from '../../db/prepared.ts';

/** One member's receipt in one conversation. */
export type ReceiptAsk = { conversationId: string; userId: string };

/**
 * What a receipt did: `member` false when the user is not in the conversation; `changed` the messages it newly covers
 * (a pair's that changed status, a group's that the member's new mark covers); `through`, in a group, the new mark.
 */
export type ReceiptResult = ReceiptAsk & {
  member: boolean; isGroup: boolean; changed: { id: string; senderId: string }[]; through: string | null; unreadBefore: number | null;
};

type Row = {
  conversation_id: string; user_id: string; member: boolean; is_group: boolean | null; through: string | Date | null;
  unread_before: number | null; changed: ReceiptResult['changed'] | null;
};

const CONVERSATIONS = sql`${sql.placeholder('conversations')}::uuid[]`;
const USERS = sql`${sql.placeholder('users')}::uuid[]`;

// The pairs asked (each once), and those whose user is a participant, their rows locked in order. `mark` is the
// member's mark before this statement, never before their joining.
const members = (column: SQL) => sql`
    asked AS (SELECT DISTINCT a.conversation_id, a.user_id FROM unnest(${CONVERSATIONS}, ${USERS}) AS a(conversation_id, user_id)
    ), member AS MATERIALIZED (
      SELECT p.conversation_id, p.user_id, c.is_group, p.unread_count, GREATEST(coalesce(p.${column}, '-infinity'), p.joined_at) AS mark
      FROM asked a JOIN conversation_participants p ON p.conversation_id = a.conversation_id AND p.user_id = a.user_id
      JOIN conversations c ON c.id = p.conversation_id
      ORDER BY p.conversation_id, p.user_id FOR UPDATE OF p
    ), newest AS (
      -- In a group, the newest message of the others, when it is past the member's mark.
      SELECT m.conversation_id, m.user_id, m.mark, n.at FROM member m
      CROSS JOIN LATERAL (SELECT max(x.created_at) AS at FROM messages x WHERE x.conversation_id = m.conversation_id AND x.sender_id <> m.user_id) n
      WHERE m.is_group AND n.at > m.mark
    )`;

// The messages each moved mark newly covers (after the old mark, up to the new one).
const covered = sql`covered AS (
      SELECT k.conversation_id, k.user_id, x.id, x.sender_id FROM marked k JOIN messages x ON x.conversation_id = k.conversation_id
        AND x.sender_id <> k.user_id AND x.kind = 'text' AND x.created_at > k.mark AND x.created_at <= k.through
    )`;

// The others' messages not yet at `status` in each conversation asked, locked in id order, then moved to it.
const statusUpdate = (from: SQL, set: SQL) => sql`locked AS (
      SELECT x.id, m.conversation_id, m.user_id FROM messages x JOIN member m ON x.conversation_id = m.conversation_id
        AND x.sender_id <> m.user_id AND x.status <> 'read' AND ${from}
      ORDER BY x.id FOR UPDATE OF x
    ), updated AS (
      UPDATE messages x SET ${set} FROM locked l WHERE x.id = l.id
      RETURNING l.conversation_id, l.user_id, x.id, x.sender_id
    )`;

// One row per pair asked: a group's changes are its covered messages, a pair's the messages whose status moved.
const results = sql`
    SELECT a.conversation_id, a.user_id, m.user_id IS NOT NULL AS member, m.is_group, k.through, m.unread_count AS unread_before,
      CASE WHEN m.is_group
        THEN (SELECT json_agg(json_build_object('id', c.id, 'senderId', c.sender_id)) FROM covered c
          WHERE c.conversation_id = a.conversation_id AND c.user_id = a.user_id)
        ELSE (SELECT json_agg(json_build_object('id', u.id, 'senderId', u.sender_id)) FROM updated u
          WHERE u.conversation_id = a.conversation_id AND u.user_id = a.user_id) END AS changed
    FROM asked a LEFT JOIN member m ON m.conversation_id = a.conversation_id AND m.user_id = a.user_id
    LEFT JOIN marked k ON k.conversation_id = a.conversation_id AND k.user_id = a.user_id`;

/**
 * The devices of each member have the conversation's messages: a pair's `sent` messages become `delivered`, a group
 * member's delivered mark moves to the newest. Its commit does not wait for the WAL (`synchronous_commit = off` for
 * this transaction only): a receipt lost in a database crash is sent again by the device when it next loads its list.
 * Messages themselves are always committed durably (docs/decisions/0031).
 */
function deliveredStatement(): SQL {
  return sql`
    WITH relaxed AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true) AS setting),
    ${members(sql.raw('delivered_through'))}, marked AS (
      UPDATE conversation_participants p SET delivered_through = n.at FROM newest n
      WHERE p.conversation_id = n.conversation_id AND p.user_id = n.user_id
      RETURNING p.conversation_id, p.user_id, n.mark, n.at AS through
    ), ${covered}, ${statusUpdate(sql`x.status = 'sent'`, sql`status = 'delivered', delivered_at = clock_timestamp()`)}
    ${results}
    -- Read so that the setting is surely applied before the commit.
    WHERE (SELECT setting FROM relaxed) IS NOT NULL`;
}

/**
 * Each member read the conversation: their unread count is zero, a pair's messages become `read`, a group member's
 * read mark (and delivered mark with it: what is read was received) moves to the newest. `unreadBefore` is the count
 * before. Committed durably, as the unread badge it clears is.
 */
function readStatement(): SQL {
  return sql`
    WITH ${members(sql.raw('read_through'))}, me AS (
      -- One update of each row (a statement may change a row once): the unread count, and in a group the marks.
      UPDATE conversation_participants p SET unread_count = 0, last_read_at = clock_timestamp(),
        read_through = coalesce(n.at, p.read_through), delivered_through = GREATEST(p.delivered_through, n.at)
      FROM member m LEFT JOIN newest n ON n.conversation_id = m.conversation_id AND n.user_id = m.user_id
      WHERE p.conversation_id = m.conversation_id AND p.user_id = m.user_id
      RETURNING p.conversation_id, p.user_id, n.mark, n.at AS through
    ), marked AS (SELECT * FROM me WHERE through IS NOT NULL
    ), ${covered}, ${statusUpdate(sql`true`, sql`status = 'read', read_at = clock_timestamp(), delivered_at = coalesce(x.delivered_at, clock_timestamp())`)}
    ${results}`;
}

async function run(db: Db, key: string, build: () => SQL, asks: ReceiptAsk[]): Promise<ReceiptResult[]> {
  if (!asks.length) return [];
  const rows = await queryShaped<Row>(db, key, build, {
    conversations: asks.map((a) => a.conversationId), users: asks.map((a) => a.userId),
  });
  return rows.map((r) => ({
    conversationId: String(r.conversation_id), userId: String(r.user_id), member: r.member, isGroup: Boolean(r.is_group),
    changed: r.changed ?? [], through: r.through === null ? null : new Date(r.through).toISOString(), unreadBefore: r.unread_before,
  }));
}

/** Delivery receipts of many members at once, one result per distinct pair asked. */
export const markDeliveredMany = (db: Db, asks: ReceiptAsk[]) => run(db, 'chat.receipts.delivered', deliveredStatement, asks);

/** Read receipts of many members at once, one result per distinct pair asked. */
export const markReadMany = (db: Db, asks: ReceiptAsk[]) => run(db, 'chat.receipts.read', readStatement, asks);
