// The members benchmark's data: a copy of the forum bench database (10k verified users, 2k communities, 1M posts,
// 3M comments) where the first N users become simulated members with a session each, three joined communities each,
// and one conversation with a partner (members 1-2, 3-4, ...) with some history, so "open a conversation" is real.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../server/db/client.ts';
import { PG_BASE, benchDatabase, seedTherapists } from '../lib.ts';

export type Member = { n: number; id: string; token: string; conversationId: string; communities: string[] };

const HISTORY = 10;
const COMMUNITIES_EACH = 3;
const tokenOf = (n: number) => `members-bench-token-${n}`;

/** Creates `name` from `template` once (nobody may be connected to the template then). */
async function copyDatabase(name: string, template: string): Promise<void> {
  const admin = await openDatabase({ url: `${PG_BASE}/postgres`, poolSize: 1 });
  try {
    const exists = await queryRows(admin.db, sql`SELECT 1 FROM pg_database WHERE datname = ${name}`);
    if (!exists.length) {
      console.log(`members bench: creating ${name} from ${template} (a file copy; takes a while)`);
      await admin.db.execute(sql.raw(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    }
  } finally {
    await admin.close();
  }
}

/** Members 1..total in a stable order (the oldest verified users first), ready to sign in and chat. */
export async function seedMembers(name: string, template: string, total: number): Promise<{ url: string; members: Member[] }> {
  await copyDatabase(name, template);
  const database = await benchDatabase(name);
  const { db } = database;
  try {
    await seedTherapists(db, total);
    await db.execute(sql`CREATE TEMP TABLE m AS
      SELECT id, row_number() OVER (ORDER BY created_at, id)::int AS n FROM users WHERE verification_status = 'verified'
      ORDER BY created_at, id LIMIT ${total}`);
    await db.execute(sql`CREATE TEMP TABLE c AS SELECT id, row_number() OVER (ORDER BY created_at, id)::int AS n FROM communities`);
    const [{ communities }] = await queryRows<{ communities: number }>(db, sql`SELECT count(*)::int AS communities FROM c`);
    // A real session per member (the same row createSession writes), with a token the fleet can derive.
    await db.execute(sql`INSERT INTO sessions (user_id, token_hash)
      SELECT m.id, encode(sha256(convert_to('members-bench-token-' || m.n, 'UTF8')), 'hex') FROM m
      ON CONFLICT (token_hash) DO UPDATE SET created_at = now(), last_used_at = now()`);
    // Three communities each, spread so every community has members.
    await db.execute(sql`INSERT INTO community_members (community_id, user_id)
      SELECT c.id, m.id FROM m CROSS JOIN generate_series(0, ${COMMUNITIES_EACH - 1}::int) AS k
      JOIN c ON c.n = 1 + (m.n * 7 + k * 389) % ${communities}
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`UPDATE communities SET members_count = s.n FROM (
      SELECT community_id, count(*)::int AS n FROM community_members GROUP BY community_id) s WHERE communities.id = s.community_id`);
    await seedConversations(db);
    await db.execute(sql`VACUUM ANALYZE sessions`);
    await db.execute(sql`VACUUM ANALYZE community_members`);
    await db.execute(sql`VACUUM ANALYZE conversations`);
    await db.execute(sql`VACUUM ANALYZE conversation_participants`);
    await db.execute(sql`VACUUM ANALYZE messages`);
    const rows = await queryRows<{ n: number; id: string; conversation_id: string; communities: string[] }>(db, sql`
      SELECT m.n, m.id, cv.id AS conversation_id,
        (SELECT array_agg(cm.community_id::text ORDER BY cm.community_id) FROM community_members cm WHERE cm.user_id = m.id) AS communities
      FROM m JOIN m o ON o.n = CASE WHEN m.n % 2 = 1 THEN m.n + 1 ELSE m.n - 1 END
      JOIN conversations cv ON cv.pair_key = least(m.id::text, o.id::text) || ':' || greatest(m.id::text, o.id::text)
      ORDER BY m.n`);
    const members = rows.map((r) => ({ n: r.n, id: String(r.id), token: tokenOf(r.n), conversationId: String(r.conversation_id), communities: r.communities ?? [] }));
    return { url: database.url, members };
  } finally {
    await database.close();
  }
}

/** Pairs (1,2), (3,4), ... share a conversation; each run starts from the same short read history. */
async function seedConversations(db: Awaited<ReturnType<typeof benchDatabase>>['db']): Promise<void> {
  // The pair key is the server's "smallerId:largerId" (one conversation per pair).
  const pairs = sql`(SELECT a.id AS a, b.id AS b, least(a.id::text, b.id::text) || ':' || greatest(a.id::text, b.id::text) AS pair_key
    FROM m a JOIN m b ON b.n = a.n + 1 WHERE a.n % 2 = 1) AS p`;
  await db.execute(sql`INSERT INTO conversations (pair_key) SELECT p.pair_key FROM ${pairs} ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO conversation_participants (conversation_id, user_id)
    SELECT cv.id, x.user_id FROM ${pairs} JOIN conversations cv ON cv.pair_key = p.pair_key
    CROSS JOIN LATERAL (VALUES (p.a), (p.b)) AS x(user_id) ON CONFLICT DO NOTHING`);
  // The text is encrypted: each run starts again from the history, found by the bench members' conversations.
  await db.execute(sql`DELETE FROM messages x USING ${pairs} JOIN conversations cv ON cv.pair_key = p.pair_key WHERE x.conversation_id = cv.id`);
  await db.execute(sql`INSERT INTO messages (conversation_id, sender_id, text, status, created_at, delivered_at, read_at)
    SELECT cv.id, CASE WHEN k % 2 = 0 THEN p.a ELSE p.b END, 'History message ' || k, 'read',
      now() - ((${HISTORY + 1}::int - k) || ' hours')::interval, now(), now()
    FROM ${pairs} JOIN conversations cv ON cv.pair_key = p.pair_key CROSS JOIN generate_series(1, ${HISTORY}::int) AS k
    WHERE NOT EXISTS (SELECT 1 FROM messages x WHERE x.conversation_id = cv.id)`);
  await db.execute(sql`UPDATE conversations cv SET pinned_message_id = NULL,
      last_message_id = (SELECT x.id FROM messages x WHERE x.conversation_id = cv.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1),
      updated_at = coalesce((SELECT max(x.created_at) FROM messages x WHERE x.conversation_id = cv.id), cv.created_at)
    FROM ${pairs} WHERE cv.pair_key = p.pair_key`);
  await db.execute(sql`UPDATE conversation_participants cp SET unread_count = 0, hidden = false, cleared_at = NULL
    FROM m WHERE cp.user_id = m.id`);
}
