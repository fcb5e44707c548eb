// Blocking a member and "Who can message me". Any signed-in member may block, pending ones included:
// blocking is a safety tool and costs nobody else anything. Blocking is private: only the blocker's own list shows it,
// and what the blocked member meets (a refused message, a vanished presence) reads the same as other causes.
import { sql } from 'drizzle-orm';
import { BLOCK_TEXTS, BLOCKS_MAX, type BlockedList, type PrivacySettings, type UpdatePrivacyInput } from '../../../common/blocks.ts';
import type { AppContext } from '../../context.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { rawColumns } from '../../db/rows.ts';
import { blocks, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { BLOCKED_MEMBER_KEYS, PRIVACY_KEYS, toBlockedMember, type BlockedRow, type PrivacyRow, toPrivacy } from './blocks-present.ts';

type Target = { id: string };
type Outcome = { found: boolean; changed: boolean; existed: boolean; partners: boolean };

// Whether the two share a conversation: then the one blocked was watching the blocker's presence.
const sharesConversation = (me: string, other: string) => sql`EXISTS (
  SELECT 1 FROM conversation_participants a JOIN conversation_participants b ON b.conversation_id = a.conversation_id
  WHERE a.user_id = ${me} AND b.user_id = ${other})`;

/** Blocks the member; blocking again changes nothing. One statement: no read-then-write race. */
export async function blockMember(ctx: AppContext, user: CurrentUser, { id }: Target): Promise<void> {
  if (id === user.id) throw badRequest(BLOCK_TEXTS.self);
  const [row] = await queryPrepared<Outcome>(ctx.db, sql`
    WITH target AS (SELECT id FROM users WHERE id = ${id}), added AS (
      INSERT INTO blocks (blocker_id, blocked_id)
      SELECT ${user.id}, target.id FROM target WHERE (SELECT count(*) FROM blocks WHERE blocker_id = ${user.id}) < ${BLOCKS_MAX}
      ON CONFLICT DO NOTHING RETURNING blocked_id)
    SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM added) AS changed,
      EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${user.id} AND blocked_id = ${id}) AS existed,
      ${sharesConversation(user.id, id)} AS partners`);
  if (!row?.found) throw notFound(BLOCK_TEXTS.notFound);
  if (!row.changed && !row.existed) throw badRequest(BLOCK_TEXTS.tooMany);
  if (row.changed) ctx.caches.publish({ type: 'block.changed', userIds: [user.id, id] });
  if (row.changed && row.partners) await tellPresence(ctx, user.id, id, false);
}

/** Unblocks the member; unblocking someone not blocked changes nothing. */
export async function unblockMember(ctx: AppContext, user: CurrentUser, { id }: Target): Promise<void> {
  if (id === user.id) throw badRequest(BLOCK_TEXTS.self);
  const [row] = await queryPrepared<Outcome>(ctx.db, sql`
    WITH target AS (SELECT id FROM users WHERE id = ${id}), removed AS (
      DELETE FROM blocks WHERE blocker_id = ${user.id} AND blocked_id = ${id} RETURNING blocked_id)
    SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM removed) AS changed, false AS existed,
      ${sharesConversation(user.id, id)} AS partners`);
  if (!row?.found) throw notFound(BLOCK_TEXTS.notFound);
  if (row.changed) ctx.caches.publish({ type: 'block.changed', userIds: [user.id, id] });
  if (row.changed && row.partners) await tellPresence(ctx, user.id, id, true);
}

/**
 * The blocked member's client stops (or starts again) showing the blocker as online, as if the blocker had gone
 * offline; only a conversation partner is told, and only while the blocker is online, as presence always works.
 */
async function tellPresence(ctx: AppContext, blockerId: string, otherId: string, visible: boolean): Promise<void> {
  const [online] = await ctx.realtime.presence.onlineAmong([blockerId]);
  if (online) ctx.realtime.toUser(otherId).emit('presenceChanged', { userId: blockerId, online: visible });
}

/** Every member the caller blocked, newest first (there are at most BLOCKS_MAX). */
export async function listBlocked(ctx: AppContext, user: CurrentUser): Promise<BlockedList> {
  const rows = await queryPrepared<BlockedRow>(ctx.db, sql`
    SELECT ${rawColumns(users, BLOCKED_MEMBER_KEYS, 'u')}, ${rawColumns(blocks, ['createdAt'], 'b')} FROM blocks b JOIN users u ON u.id = b.blocked_id
    WHERE b.blocker_id = ${user.id} ORDER BY b.created_at DESC, b.blocked_id LIMIT ${BLOCKS_MAX}`);
  return { users: rows.map(toBlockedMember) };
}

export async function getPrivacy(ctx: AppContext, user: CurrentUser): Promise<PrivacySettings> {
  const [row] = await queryPrepared<PrivacyRow>(ctx.db, sql`SELECT ${rawColumns(users, PRIVACY_KEYS)} FROM users WHERE id = ${user.id}`);
  if (!row) throw notFound(BLOCK_TEXTS.notFound);
  return toPrivacy(row);
}

export async function setPrivacy(ctx: AppContext, user: CurrentUser, input: UpdatePrivacyInput): Promise<PrivacySettings> {
  const [row] = await queryPrepared<PrivacyRow>(ctx.db, sql`
    UPDATE users SET message_policy = coalesce(${input.whoCanMessage ?? null}::text, message_policy),
      listed_in_directory = coalesce(${input.listedInDirectory ?? null}::boolean, listed_in_directory)
    WHERE id = ${user.id} RETURNING ${rawColumns(users, PRIVACY_KEYS)}`);
  if (!row) throw notFound(BLOCK_TEXTS.notFound);
  // The directory's shared pages, totals and featured therapists are read for everyone: read them again.
  if (input.listedInDirectory !== undefined) ctx.caches.publish({ type: 'directory.changed' });
  return toPrivacy(row);
}
