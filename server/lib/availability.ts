// A member's availability for new clients: the rule for when "last updated" moves, and closing the profile to new
// clients. Shared by the profile editor (features/therapists) and a "No capacity" answer (features/referrals), which
// closes the profile in the answer's own write.
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/**
 * availabilityUpdatedAt moves when the status or the note really changes: the edit form sends every field on each
 * save, so sending the same values (or editing the bio) must not look like a reconfirmation. Decided in the UPDATE
 * itself, against the row's values before it, so two saves cannot race a read.
 */
export function availabilityStamp(status: string | undefined, note: string | undefined): { availabilityUpdatedAt?: SQL } {
  if (status === undefined && note === undefined) return {};
  const differs = [
    status === undefined ? undefined : sql`${users.acceptingClients} IS DISTINCT FROM ${status}`,
    note === undefined ? undefined : sql`${users.availabilityNote} IS DISTINCT FROM ${note}`,
  ];
  return { availabilityUpdatedAt: sql`CASE WHEN ${or(...differs)} THEN now() ELSE ${users.availabilityUpdatedAt} END` };
}

/** "Not accepting new clients" on the member's profile. */
export async function closeToNewClients(db: Db, userId: string): Promise<void> {
  const status = 'not accepting';
  await db.update(users).set({ acceptingClients: status, ...availabilityStamp(status, undefined), updatedAt: new Date() })
    .where(eq(users.id, userId));
}
