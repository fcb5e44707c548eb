// The member's own part of the audit trail as a member reads it (decision 0180): themselves, an administrator (never
// which one), a colleague by name, as codes the reader's app says in its language; addresses with their last part
// hidden, as the sessions list shows them. Shared by "Access to my account" (accounts) and the data export (privacy).
import { sql } from 'drizzle-orm';
import type { AccessEvent } from '../../common/audit.ts';
import type { SqlRow, SqlValue } from '../db/rows.ts';
import type { auditLog, users } from '../db/schema.ts';
import { maskAddress, storedDevice } from './device.ts';

/**
 * ACCESS_LOG_COLUMNS's row. Computed: the sequence as text, the actor's name (a LEFT JOIN: they may be gone) and the
 * device out of the detail's JSON; member_id is never null in a member's own trail, which every reader filters on.
 */
export type AccessLogRow = SqlRow<typeof auditLog, 'id' | 'action' | 'created_at' | 'actor_id' | 'actor_role' | 'client_address'> & {
  seq: string; actor_name: SqlValue<typeof users, 'name'> | null; device: unknown; member_id: NonNullable<SqlValue<typeof auditLog, 'member_id'>>;
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
