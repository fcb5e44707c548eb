// Rows written before encryption at rest are encrypted by the app, not by a migration: a migration cannot know the key.
// After each start, in the background, in batches of BATCH rows: until then readers take such a row's text as it is
// (cipher.ts decrypt), so nothing waits for it. A row changed meanwhile is left for the next start (the write's
// `AND text = old` guard), and so is a row an older node wrote during a rolling upgrade.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { sealMessage, sealReferralText } from './fields.ts';

const BATCH = 500;
const ENCRYPTED = '^e1:[a-z0-9-]+:[A-Za-z0-9_-]+$';

type Column = {
  table: string; column: string; key: SQL; owner: SQL; where: SQL;
  seal: (owner: string, text: string) => string;
};

// A tombstone (unsent, removed) is the same words for everyone: nothing to hide.
const COLUMNS: Column[] = [
  { table: 'messages', column: 'text', key: sql`id::text`, owner: sql`id::text`, where: sql`unsent_at IS NULL AND removed_at IS NULL`, seal: sealMessage },
  { table: 'referrals', column: 'note', key: sql`id::text`, owner: sql`id::text`, where: sql`note <> ''`, seal: (id, text) => sealReferralText(id, text) ?? '' },
  { table: 'referral_offers', column: 'message', key: sql`id::text`, owner: sql`referral_id::text`, where: sql`message <> ''`, seal: (id, text) => sealReferralText(id, text) ?? '' },
  {
    table: 'referral_recipients', column: 'message', key: sql`referral_id::text || ':' || recipient_id::text`, owner: sql`referral_id::text`,
    where: sql`message IS NOT NULL AND message <> ''`, seal: (id, text) => sealReferralText(id, text) ?? '',
  },
];

/** Encrypts every row not yet encrypted; returns how many it changed. */
export async function encryptExistingRows(db: Db): Promise<number> {
  let changed = 0;
  for (const c of COLUMNS) {
    const table = sql.identifier(c.table);
    const column = sql.identifier(c.column);
    for (;;) {
      const rows = await queryRows<{ k: string; owner: string; text: string }>(db, sql`
        SELECT ${c.key} AS k, ${c.owner} AS owner, ${column} AS text FROM ${table}
        WHERE ${c.where} AND ${column} !~ ${ENCRYPTED} LIMIT ${BATCH}`);
      if (!rows.length) break;
      const values = JSON.stringify(rows.map((r) => ({ k: r.k, old: r.text, new: c.seal(r.owner, r.text) })));
      const done = await queryRows<{ n: number }>(db, sql`
        WITH v AS (SELECT * FROM jsonb_to_recordset(${values}::jsonb) AS v(k text, old text, new text)),
        u AS (UPDATE ${table} t SET ${column} = v.new FROM v WHERE ${sql.raw(`(${keyOf(c)})`)} = v.k AND t.${column} = v.old RETURNING 1)
        SELECT count(*)::int AS n FROM u`);
      changed += done[0].n;
      // Rows changed under this pass stay as they are until the next start: never loop on them.
      if (done[0].n < rows.length || rows.length < BATCH) break;
    }
  }
  return changed;
}

const keyOf = (c: Column) => (c.table === 'referral_recipients' ? `t.referral_id::text || ':' || t.recipient_id::text` : 't.id::text');
