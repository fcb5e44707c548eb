// The fault files' data: a migrated database with N verified members, a session token each, and a conversation for
// every pair (1,2), (3,4), ... Written in a few statements, like bench/chat.ts, so 200 members cost a second.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openKeyring } from '../../server/lib/crypto/keyring.ts';
import { openMessage } from '../../server/lib/crypto/fields.ts';
import { ensureKeyFile } from './key-file.ts';

export type Member = { n: number; id: string; token: string; conversationId: string; partner: number };

export async function openMigrated(url: string): Promise<Database> {
  const database = await openDatabase({ url, poolSize: 4 });
  await migrate(database.db);
  return database;
}

/** Members 1..total (total even), member n's token is `faults-token-n`; each pair shares one conversation. */
export async function seedMembers(database: Database, total: number): Promise<Member[]> {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO users (name, email, password_hash, verification_status, verified_at, profession)
    SELECT 'Fault Member ' || g, 'faults-' || g || '@faults.test', 'not-a-login', 'verified', now(), 'Registered Psychotherapist'
    FROM generate_series(1, ${total}::int) AS g`);
  const numbered = sql`(SELECT id, split_part(split_part(email, '@', 1), '-', 2)::int AS n FROM users WHERE email LIKE 'faults-%@faults.test')`;
  await db.execute(sql`
    INSERT INTO sessions (user_id, token_hash)
    SELECT u.id, encode(sha256(convert_to('faults-token-' || u.n, 'UTF8')), 'hex') FROM ${numbered} AS u`);
  await db.execute(sql`
    INSERT INTO conversations (pair_key)
    SELECT least(a.id::text, b.id::text) || ':' || greatest(a.id::text, b.id::text)
    FROM ${numbered} AS a JOIN ${numbered} AS b ON b.n = a.n + 1 WHERE a.n % 2 = 1`);
  await db.execute(sql`
    INSERT INTO conversation_participants (conversation_id, user_id)
    SELECT c.id, u.id FROM conversations c JOIN ${numbered} AS u ON c.pair_key LIKE '%' || u.id::text || '%'`);
  const rows = await queryRows<{ id: string; n: number; conversation_id: string }>(db, sql`
    SELECT u.id, u.n, p.conversation_id FROM ${numbered} AS u JOIN conversation_participants p ON p.user_id = u.id ORDER BY u.n`);
  return rows.map((r) => ({
    n: r.n, id: String(r.id), token: `faults-token-${r.n}`, conversationId: String(r.conversation_id), partner: r.n % 2 ? r.n + 1 : r.n - 1,
  }));
}

/** Every stored message of the fault members' conversations: id, sender, text (decrypted with the nodes' key file). */
export async function storedMessages(database: Database): Promise<{ id: string; text: string; sender_id: string }[]> {
  const keyring = await openKeyring(database.db, { encryptionKeyFile: ensureKeyFile(), dataDir: path.join(os.tmpdir(), 'thera-faults-harness'), databaseUrl: 'shared', twoFactorKey: undefined });
  keyring.stop();
  const rows = await queryRows<{ id: string; text: string; sender_id: string }>(database.db, sql`
    SELECT id::text, text, sender_id::text FROM messages ORDER BY created_at, id`);
  return rows.map((row) => ({ ...row, text: openMessage(row.id, row.text) }));
}
