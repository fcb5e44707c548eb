// The member's own part of the audit trail as a member reads it (decision 0180): themselves, an administrator (never
// which one), a colleague by name, as codes the reader's app says in its language; addresses with their last part
// hidden, as the sessions list shows them. Shared by "Access to my account" (accounts) and the data export (privacy).
import { sql } from 'drizzle-orm';
import type { AccessEvent } from '../../common/audit.ts';
import { maskAddress, storedDevice } from './device.ts';

export type AccessLogRow = {
  id: string; seq: string; action: string; created_at: Date | string; actor_id: string | null; actor_role: string | null;
  actor_name: string | null; device: unknown; client_address: string | null; member_id: string;
};

/** An entry's columns as both the panel and the data export read them (`a`: audit_log, `u`: the actor). */
export const ACCESS_LOG_COLUMNS = sql`a.id, a.seq::text AS seq, a.action, a.created_at, a.actor_id, a.actor_role,
  u.name AS actor_name, a.detail->'device' AS device, a.client_address, a.member_id`;

function whoOf(row: AccessLogRow, me: string): AccessEvent['who'] {
  if (row.actor_id === me) return { kind: 'you', name: null };
  if (row.actor_role === 'admin') return { kind: 'admin', name: null };
  if (row.actor_id === null) return { kind: row.action.startsWith('auth.') ? 'someone' : 'system', name: null };
  return row.actor_name === null ? { kind: 'formerMember', name: null } : { kind: 'member', name: row.actor_name };
}

/** One entry as its member reads it. */
export function presentAccessEntry(row: AccessLogRow): AccessEvent {
  const signIn = row.action.startsWith('auth.sign_in');
  return {
    _id: row.id, at: new Date(row.created_at).toISOString(), action: row.action, who: whoOf(row, row.member_id),
    device: signIn ? storedDevice(row.device) : null,
    address: signIn && row.client_address ? maskAddress(row.client_address) : null,
  };
}
