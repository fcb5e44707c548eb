// Verifying the audit trail's hash chain (migration 0220, decision 0180): `npm run audit:verify` and
// GET /api/admin/audit/verify. Each entry's hash is recomputed from its content and its stored previous hash, and that
// previous hash must be the hash of the entry before it. The oldest remaining entry's previous hash is taken as given:
// after a retention purge it is the hash of the last purged entry.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

export type ChainReport = { ok: boolean; entries: number; firstBrokenId: string | null };

export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const [row] = await queryRows<{ entries: number; first_broken: string | null }>(db, sql`
    WITH chain AS (
      SELECT id, seq,
        hash = audit_entry_hash(prev_hash, seq, id, created_at, actor_id, actor_role, action, target_type, target_id,
          member_id, detail_digest, request_id, client_address, reason)
        AND (detail_digest = audit_detail_digest(detail) OR (redacted_at IS NOT NULL AND detail = '{}'::jsonb)) AS intact,
        prev_hash IS NOT DISTINCT FROM coalesce(lag(hash) OVER (ORDER BY seq), prev_hash) AS linked,
        seq = coalesce(lag(seq) OVER (ORDER BY seq) + 1, seq) AS consecutive
      FROM audit_log)
    SELECT (SELECT count(*)::int FROM chain) AS entries,
      (SELECT id::text FROM chain WHERE NOT (intact AND linked AND consecutive) ORDER BY seq LIMIT 1) AS first_broken`);
  return { ok: row.first_broken === null, entries: row.entries, firstBrokenId: row.first_broken };
}
