// The member's own part of the audit trail as a member reads it (decision 0180): "You", "An administrator" (never
// which one), a colleague by name; addresses with their last part hidden, as the sessions list shows them. Shared by
// "Access to my account" (accounts) and the data export (privacy).
import { sql } from 'drizzle-orm';
import type { AccessEvent } from '../../common/audit.ts';
import { maskAddress } from './device.ts';

export type AccessLogRow = {
  id: string; seq: string; action: string; created_at: Date | string; actor_id: string | null; actor_role: string | null;
  actor_name: string | null; device: string | null; client_address: string | null; member_id: string;
};

/** An entry's columns as both the panel and the data export read them (`a`: audit_log, `u`: the actor). */
export const ACCESS_LOG_COLUMNS = sql`a.id, a.seq::text AS seq, a.action, a.created_at, a.actor_id, a.actor_role,
  u.name AS actor_name, a.detail->>'device' AS device, a.client_address, a.member_id`;

function whoOf(row: AccessLogRow, me: string): string {
  if (row.actor_id === me) return 'You';
  if (row.actor_role === 'admin') return 'An administrator';
  if (row.actor_id === null) return row.action.startsWith('auth.') ? 'Someone' : 'Thera Root';
  return row.actor_name ?? 'A former member';
}

/** One entry as its member reads it. */
export function presentAccessEntry(row: AccessLogRow): AccessEvent {
  const signIn = row.action.startsWith('auth.sign_in');
  return {
    _id: row.id, at: new Date(row.created_at).toISOString(), action: row.action, who: whoOf(row, row.member_id),
    device: signIn ? row.device : null,
    address: signIn && row.client_address ? maskAddress(row.client_address) : null,
  };
}
