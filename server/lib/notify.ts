// The notifications API other features call (features may not import each other): forums, admin, resources,
// referrals and chat tell this module what happened, after their write has committed. It stores the items (set-based,
// filtered by preferences, blocks and self), tells the members' devices on every node, and queues the emails.
// See docs/decisions/0058-notifications.md.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { notifications } from '../db/schema.ts';
import type { AppContext } from '../context.ts';
import { pushChatMessage, pushNotificationsWithin } from './push-queue.ts';
import {
  DEFAULT_PREFERENCES, EMAIL_DELAY_MINUTES, type NotificationType, type PreferenceKey, type TARGET_KINDS,
} from '../../common/notifications.ts';

export type NotifyContext = Pick<AppContext, 'db' | 'realtime' | 'jobs' | 'caches'>;

/** Names shared with the notifications feature, which registers the handlers. */
export const NOTIFY_FANOUT = 'notifications:changed';
export const EMAIL_JOB = 'notifications.email';
export const FOLLOWERS_JOB = 'notifications.followers';
export const CHAT_EMAIL_JOB = 'notifications.chatEmail';

type Target = { kind: (typeof TARGET_KINDS)[number]; id: string; title: string; url: string };

export type NewNotification = {
  type: NotificationType;
  /**
   * Candidates: ids, or a query of `user_id`s (a post's followers: set-based, never through this process). The actor,
   * disabled members and members blocked either way with the actor are dropped.
   */
  recipientIds: string[] | SQL;
  actorId: string | null;
  target: Target;
  /** Where it happened, for emails ("in Trauma-Informed Care"): a community's name, 'the forums'... */
  place?: string;
  /** What the sentence names beyond the type: a referral's answer ("accepted", "declined", "no capacity"). */
  detail?: string | null;
  /** The post it is about: its deletion withdraws it. */
  postId?: string | null;
  /** The comment or post that caused it: one item per member per source, and deleting the source withdraws it. */
  sourceId?: string | null;
  /** Only verified members (and administrators) receive it: forum events, where a pending member could not read it. */
  membersOnly?: boolean;
};

/** What reaches each node: items created or regrouped, and members whose unread count changed otherwise. */
export type FanOutPayload = { items: { userId: string; id: string }[]; counts: string[] };

/** `push`: the member wants it pushed and has a device for it. */
type Created = { id: string; user_id: string; email: string; push: boolean };

const defaultOf = (key: PreferenceKey) => DEFAULT_PREFERENCES[key];

/** The recipients who want this type (in the app or by email), with their email mode. */
function eligibleRecipients(n: Pick<NewNotification, 'type' | 'recipientIds' | 'actorId' | 'membersOnly'>) {
  const d = defaultOf(n.type);
  const actor = n.actorId;
  const notSelf = actor ? sql`AND r.user_id <> ${actor}::uuid` : sql``;
  const notBlocked = actor ? sql`AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = r.user_id AND b.blocked_id = ${actor}::uuid)
    OR (b.blocker_id = ${actor}::uuid AND b.blocked_id = r.user_id))` : sql``;
  const members = n.membersOnly === false ? sql`` : sql`AND (u.verification_status = 'verified' OR u.role = 'admin')`;
  return sql`
    SELECT r.user_id, coalesce(p.in_app, ${d.inApp}) AS in_app, coalesce(p.email, ${d.email}) AS email,
      coalesce(p.push, ${d.push}) AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = r.user_id) AS push
    FROM (${Array.isArray(n.recipientIds) ? sql`SELECT DISTINCT unnest(${sql.param(n.recipientIds)}::uuid[]) AS user_id` : n.recipientIds}) r
    JOIN users u ON u.id = r.user_id AND NOT u.disabled ${members}
    LEFT JOIN notification_preferences p ON p.user_id = r.user_id AND p.key = ${n.type}
    WHERE true ${notSelf} ${notBlocked}`;
}

/**
 * Stores each notification for its recipients, in order: a member already given an item for the same source by an
 * earlier one keeps that one (list the reply before the mention, so a reply that mentions me is one item).
 */
export async function notify(ctx: NotifyContext, items: NewNotification[]): Promise<void> {
  const tell = await notifyWithin(ctx, ctx.db, items);
  tell();
}

/**
 * `notify` inside the caller's transaction: the items and their email jobs are written with the work that caused them
 * (one commit, and none without the other); the devices are told by the returned function, to call after the commit.
 */
export async function notifyWithin(ctx: NotifyContext, tx: Db, items: NewNotification[]): Promise<() => void> {
  const created: Created[] = [];
  for (const n of items) {
    if (Array.isArray(n.recipientIds) && n.recipientIds.length === 0) continue;
    const rows = await queryRows<Created>(tx, sql`
      WITH ok AS (${eligibleRecipients(n)}),
      ins AS (
        INSERT INTO notifications (user_id, type, actor_ids, actor_count, target_kind, target_id, target_title, target_url,
          place, detail, post_id, source_id, visible, emailed_at)
        SELECT ok.user_id, ${n.type}, ${n.actorId ? sql`ARRAY[${n.actorId}::uuid]` : sql`'{}'::uuid[]`}, ${n.actorId ? 1 : 0},
          ${n.target.kind}, ${n.target.id}::uuid, ${n.target.title}, ${n.target.url}, ${n.place ?? ''}, ${n.detail ?? null}::text,
          ${n.postId ?? null}::uuid, ${n.sourceId ?? null}::uuid, ok.in_app, CASE WHEN ok.email = 'off' THEN now() END
        FROM ok WHERE ok.in_app OR ok.email <> 'off' OR ok.push
        ON CONFLICT (user_id, source_id) WHERE source_id IS NOT NULL AND group_key IS NULL DO NOTHING
        RETURNING id, user_id, visible)
      SELECT ins.id, ins.user_id, ok.email, ok.push FROM ins JOIN ok ON ok.user_id = ins.user_id`);
    created.push(...rows);
  }
  await scheduleEmails(ctx, created, tx);
  const pushes = await pushNotificationsWithin(ctx, tx, created.filter((c) => c.push).map((c) => c.id));
  return () => {
    tellDevices(ctx, created);
    void ctx.jobs.runNow(pushes);
  };
}

/**
 * A like, grouped: one item per member and liked post or comment, moved to the top and unread again with the newest
 * liker first; `count` is how many others like it now.
 */
export async function notifyGrouped(
  ctx: NotifyContext, n: NewNotification & { actorId: string; groupKey: string; count: number },
): Promise<void> {
  const rows = await queryRows<Created>(ctx.db, sql`
    WITH ok AS (${eligibleRecipients(n)}),
    up AS (
      INSERT INTO notifications AS x (user_id, type, actor_ids, actor_count, target_kind, target_id, target_title, target_url,
        place, post_id, source_id, group_key, visible, emailed_at)
      SELECT ok.user_id, ${n.type}, ARRAY[${n.actorId}::uuid], ${n.count}, ${n.target.kind}, ${n.target.id}::uuid,
        ${n.target.title}, ${n.target.url}, ${n.place ?? ''}, ${n.postId ?? null}::uuid, ${n.sourceId ?? null}::uuid,
        ${n.groupKey}, ok.in_app, CASE WHEN ok.email = 'off' THEN now() END
      FROM ok WHERE ok.in_app OR ok.email <> 'off' OR ok.push
      ON CONFLICT (user_id, group_key) WHERE group_key IS NOT NULL DO UPDATE SET
        actor_ids = (ARRAY[${n.actorId}::uuid] || array_remove(x.actor_ids, ${n.actorId}::uuid))[1:3],
        actor_count = greatest(${n.count}, 1), created_at = now(), read_at = NULL,
        emailed_at = EXCLUDED.emailed_at, visible = EXCLUDED.visible
      RETURNING id, user_id)
    SELECT up.id, up.user_id, ok.email, ok.push FROM up JOIN ok ON ok.user_id = up.user_id`);
  await scheduleEmails(ctx, rows, ctx.db);
  const pushes = await pushNotificationsWithin(ctx, ctx.db, rows.filter((c) => c.push).map((c) => c.id));
  tellDevices(ctx, rows);
  void ctx.jobs.runNow(pushes);
}

/**
 * A new comment in a followed thread: its followers are told after the response, by a job (a post may have thousands
 * of followers). Those already told about this comment (the reply, the mention) are skipped by the source's uniqueness.
 */
export async function notifyFollowersLater(ctx: NotifyContext, n: Omit<NewNotification, 'recipientIds' | 'type'>, tx = ctx.db): Promise<void> {
  await ctx.jobs.schedule(FOLLOWERS_JOB, { notification: n }, { db: tx });
}

/** The followers job: one INSERT ... SELECT over the post's followers, in the database. */
export async function notifyFollowers(ctx: NotifyContext, n: Omit<NewNotification, 'recipientIds' | 'type'>): Promise<void> {
  const postId = n.postId;
  if (!postId) return;
  // The post's author follows it too, but hears of comments as replies (their own setting for those decides).
  const followers = sql`SELECT f.user_id FROM post_follows f JOIN posts p ON p.id = f.post_id
    WHERE f.post_id = ${postId}::uuid AND f.user_id <> p.author_id`;
  await notify(ctx, [{ ...n, type: 'followedThreadComment', recipientIds: followers, membersOnly: true }]);
}

/** Tells the devices of the members (every node, through the fan-out). */
function tellDevices(ctx: NotifyContext, created: Created[]): void {
  if (created.length === 0) return;
  // Before the devices hear: each node forgets the members' bells and lists before it tells its sockets.
  ctx.caches.publish({ type: 'notification.changed', userIds: created.map((c) => c.user_id) });
  ctx.realtime.fanOut(NOTIFY_FANOUT, { items: created.map((c) => ({ userId: c.user_id, id: c.id })), counts: [] } satisfies FanOutPayload);
}

/** Queues the "still unread in 10 minutes?" emails. */
async function scheduleEmails(ctx: NotifyContext, created: Created[], db: Db): Promise<void> {
  const runAt = new Date(ctx.jobs.now().getTime() + EMAIL_DELAY_MINUTES * 60_000);
  const immediate = [...new Set(created.filter((c) => c.email === 'immediate').map((c) => c.user_id))];
  // One waiting job per member: notifications arriving within the window go into the same email.
  await ctx.jobs.scheduleMany(EMAIL_JOB, immediate.map((userId) => ({ payload: { userId }, runAt, key: `${EMAIL_JOB}:${userId}` })), { db });
}

/** The unread count of the members' notification bells changed (read on another device). */
export function countsChanged(ctx: NotifyContext, userIds: string[]): void {
  if (!userIds.length) return;
  const counts = [...new Set(userIds)];
  ctx.caches.publish({ type: 'notification.changed', userIds: counts });
  ctx.realtime.fanOut(NOTIFY_FANOUT, { items: [], counts } satisfies FanOutPayload);
}

/**
 * The notifications these sources caused (a chat message's mentions) are withdrawn, as a removed comment's are
 * (server/db/comment-tree.ts): deleted, in the caller's transaction when given. Returns the members whose bells changed.
 */
export async function withdrawNotifications(db: Db, sourceIds: string[]): Promise<string[]> {
  if (!sourceIds.length) return [];
  const rows = await queryRows<SqlRow<typeof notifications, 'user_id'>>(db, sql`
    DELETE FROM notifications WHERE source_id = ANY(${sql.param(sourceIds)}::uuid[]) RETURNING user_id`);
  return [...new Set(rows.map((r) => String(r.user_id)))];
}

/** Conversations with unread messages, per member: the Chat item's badge. */
export async function chatUnreadCount(ctx: Pick<AppContext, 'db'>, userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(ctx.db, sql`
    SELECT count(*)::int AS count FROM conversation_participants WHERE user_id = ${userId} AND unread_count > 0`);
  return row.count;
}

/** Sends `chatUnreadCount` to every device of these members (through the adapter: every node). */
export async function chatUnreadChanged(ctx: NotifyContext, userIds: string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    ctx.realtime.toUser(userId).emit('chatUnreadCount', { count: await chatUnreadCount(ctx, userId) });
  }
}

/**
 * A chat message arrived: the badge of each recipient it made the conversation unread for changes, and a recipient with no connected device (on any node)
 * gets "X sent you a message" 10 minutes later if the message is still unread then. Never the text.
 */
export async function chatMessageSent(
  ctx: NotifyContext, m: { messageId: string; conversationId: string; senderId: string; recipientIds: string[]; newlyUnread: string[] },
): Promise<void> {
  // First and beside the rest: the push's own read and insert do not wait for the email's.
  const pushed = pushChatMessage(ctx, { conversationId: m.conversationId, senderId: m.senderId, messageId: m.messageId, recipientIds: m.recipientIds })
    .then(() => undefined, (error: unknown) => ({ error }));
  const online = new Set(await ctx.realtime.presence.onlineAmong(m.recipientIds));
  const offline = m.recipientIds.filter((id) => !online.has(id));
  const runAt = new Date(ctx.jobs.now().getTime() + EMAIL_DELAY_MINUTES * 60_000);
  await ctx.jobs.scheduleMany(CHAT_EMAIL_JOB, offline.map((recipientId) => ({
    payload: { recipientId, conversationId: m.conversationId, messageId: m.messageId },
    runAt,
    // One email per conversation and window, however many messages arrive in it.
    key: `${CHAT_EMAIL_JOB}:${recipientId}:${m.conversationId}`,
  })));
  // A conversation that already had unread messages was counted already: only those it newly became unread for
  // see their badge move (a count and a packet less per message in a busy conversation).
  await chatUnreadChanged(ctx, m.newlyUnread);
  const failed = await pushed;
  if (failed) throw failed.error;
}
