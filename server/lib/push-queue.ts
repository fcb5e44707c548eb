// What the notifications API (notify.ts) and the chat hand to the push channel: jobs, named here, whose handlers the
// notifications feature registers (features/notifications/push-jobs.ts). Cheap on the hot paths: whether a member has a
// push device is remembered per node (the `pushDevices` cache, cleared by `push.devices.changed`), so a message to, or
// a read by, a member without one costs no statement; for a member with one, one INSERT of a job already claimed by
// this node, which runs at once (docs/decisions/0205-web-push.md, 0255).
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { SqlRow } from '../db/rows.ts';
import type { pushSubscriptions, pushTags } from '../db/schema.ts';

export const PUSH_NOTIFICATION_JOB = 'push.notification';
export const PUSH_CHAT_JOB = 'push.chat';
export const PUSH_DEVICE_JOB = 'push.device';

type PushContext = Pick<AppContext, 'db' | 'jobs' | 'caches'>;
export type ChatPush = { recipientId: string; conversationId: string; senderId: string; messageId: string };

/**
 * Which of these members have a push device, from this node's memory; those not remembered are read in one statement.
 * Each member's read is registered with the cache before the statement starts, so a device added meanwhile (its event
 * forgets the member) is not hidden by the answer.
 */
async function withPushDevices(ctx: Pick<AppContext, 'db' | 'caches'>, userIds: string[]): Promise<string[]> {
  const cache = ctx.caches.member<boolean>('pushDevices');
  let missing: string[] | undefined;
  let loaded: Promise<Set<string>> | undefined;
  const load = (id: string) => {
    (missing ??= []).push(id);
    // Started after every member's read was registered (a microtask later): one statement for all that missed.
    loaded ??= Promise.resolve().then(async () => new Set((await queryRows<SqlRow<typeof pushSubscriptions, 'user_id'>>(ctx.db, sql`
      SELECT DISTINCT user_id FROM push_subscriptions WHERE user_id = ANY(${sql.param(missing!)}::uuid[])`)).map((r) => r.user_id)));
    return loaded.then((has) => ({ value: has.has(id) }));
  };
  const unique = [...new Set(userIds)];
  const has = await Promise.all(unique.map((id) => cache.read(id, () => load(id))));
  return unique.filter((_, i) => has[i]);
}

/** After the message was stored and delivered: a push job per recipient with a device, run at once on this node. */
export async function pushChatMessage(ctx: PushContext, m: Omit<ChatPush, 'recipientId'> & { recipientIds: string[] }): Promise<void> {
  if (m.recipientIds.length === 0) return;
  const withDevice = await withPushDevices(ctx, m.recipientIds);
  // Whether the recipient wants chat pushes is read by the job, with the message and the devices (one statement).
  await ctx.jobs.startNow(PUSH_CHAT_JOB, withDevice.map((recipientId): ChatPush => ({
    recipientId, conversationId: m.conversationId, senderId: m.senderId, messageId: m.messageId,
  })));
}

/** Notifications stored in `tx` that are to be pushed: their jobs in the same transaction; run them after the commit. */
export async function pushNotificationsWithin(ctx: Pick<AppContext, 'jobs'>, tx: Db, notificationIds: string[]): Promise<string[]> {
  return ctx.jobs.enqueueMany(PUSH_NOTIFICATION_JOB, notificationIds.map((notificationId) => ({ notificationId })), { db: tx });
}

/**
 * The member read the conversation on some device: the pushes shown for it on their devices are closed. Only devices
 * that were shown one get a push (a browser shows its own notice for a push that shows nothing, past a few). A member
 * without a device costs nothing here.
 */
export async function clearChatPushes(ctx: PushContext, userId: string, tag: string): Promise<void> {
  if ((await withPushDevices(ctx, [userId])).length === 0) return;
  const shown = await queryRows<SqlRow<typeof pushTags, 'subscription_id'>>(ctx.db, sql`
    DELETE FROM push_tags t USING push_subscriptions s
    WHERE t.subscription_id = s.id AND s.user_id = ${userId} AND t.tag = ${tag} RETURNING t.subscription_id`);
  await ctx.jobs.startNow(PUSH_DEVICE_JOB, shown.map((r) => ({ subscriptionId: r.subscription_id, payload: { kind: 'clear', tag } })));
}
