// A cheap fingerprint of everything a request could change: per table, its row count and an md5 of its rows in a
// fixed order. Two equal fingerprints mean no row was added, removed or changed. Used by the property-based input
// tests to check that a refused request changed nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// Tables that count attempts: a refused request may rightly count (a limit must see refused guesses too), and the
// audit trail rightly records a refused sign-in.
const COUNTERS = new Set(['rate_limit_windows', 'chat_send_counts', 'audit_log']);
// Columns that every authenticated request may touch: the session's last use is bookkeeping, not data.
const PROJECTIONS: Record<string, string> = { sessions: '(t.id, t.user_id, t.token_hash)::text' };

export type Fingerprint = Record<string, string>;

/** Builds the fingerprint query once for the tables of the public schema. */
export async function fingerprinter(db: Db): Promise<() => Promise<Fingerprint>> {
  const tables = await db.execute<{ name: string }>(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const names = rowsOf<{ name: string }>(tables).map((row) => row.name).filter((name) => !COUNTERS.has(name));
  const query = names.map((name) => {
    const row = PROJECTIONS[name] ?? 't::text';
    return `SELECT '${name}' AS name, count(*) || ':' || coalesce(md5(string_agg(${row}, E'\\n' ORDER BY ${row})), '') AS print FROM "${name}" t`;
  }).join('\nUNION ALL\n');
  return async () => {
    const result = await db.execute<{ name: string; print: string }>(sql.raw(query));
    return Object.fromEntries(rowsOf<{ name: string; print: string }>(result).map((row) => [row.name, row.print]));
  };
}

// PGlite answers `{rows}`, node-postgres through Drizzle answers `{rows}` too; older drivers answer the array itself.
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows);
}
