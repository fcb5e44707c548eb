// Who may reach whom: shared by the features that send something to a member (chat now; mentions and
// referrals later), since features may not import one another. The conditions are SQL fragments, so a caller folds them
// into the statement that writes (chat's message insert) instead of paying a round trip of its own.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryPrepared } from '../db/prepared.ts';

/**
 * True when `recipient` does not accept messages from `sender`: the recipient blocked the sender, or the recipient
 * takes messages only from their network (favourites) and the sender is not in it. Both are SQL expressions (a column
 * or a parameter of type uuid). Served by the blocks primary key, the favourites primary key and the users primary key.
 */
export function refusesMessagesSql(recipient: SQL, sender: SQL): SQL {
  return sql`(EXISTS (SELECT 1 FROM blocks rb WHERE rb.blocker_id = ${recipient} AND rb.blocked_id = ${sender})
    OR EXISTS (SELECT 1 FROM users ru WHERE ru.id = ${recipient} AND ru.message_policy = 'network'
      AND NOT EXISTS (SELECT 1 FROM favorites rf WHERE rf.user_id = ${recipient} AND rf.favorite_id = ${sender})))`;
}

/** True when `blocker` blocked `other` (either may be the caller). Mentions and referrals check this (later issues). */
export function blockedBySql(blocker: SQL, other: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bb WHERE bb.blocker_id = ${blocker} AND bb.blocked_id = ${other})`;
}

export async function isBlockedBy(db: Db, blockerId: string, otherId: string): Promise<boolean> {
  const [row] = await queryPrepared<{ blocked: boolean }>(db, sql`
    SELECT ${blockedBySql(sql`${blockerId}::uuid`, sql`${otherId}::uuid`)} AS blocked`);
  return row?.blocked === true;
}
