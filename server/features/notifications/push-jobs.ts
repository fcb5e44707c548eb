// The push channel's jobs (names in server/lib/push-queue.ts): a notification or a chat message becomes one payload,
// sent to each of the member's devices at once. A device whose service failed gets its own retry job, so one service
// that is down delays neither the member's other devices nor anyone else's pushes (docs/decisions/0205-web-push.md).
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { AppContext } from '../../context.ts';
import { PUSH_CHAT_JOB, PUSH_DEVICE_JOB, PUSH_NOTIFICATION_JOB, type ChatPush } from '../../lib/push-queue.ts';
import { conversationRoom, userRoom } from '../../lib/realtime.ts';
import { DEFAULT_PREFERENCES } from '../../../common/notifications.ts';
import type { PushPayload } from '../../../common/push.ts';
import { chatPayload, notificationPayload } from './push-payloads.ts';
import { sendPush, type Device } from './push-sender.ts';
import * as q from './queries.ts';

/** A failed device is tried again after this, then with the queue's backoff. */
const DEVICE_RETRY_MS = 30_000;

export function registerPushJobs(ctx: AppContext): void {
  ctx.jobs.register(PUSH_NOTIFICATION_JOB, async (payload) => pushNotification(ctx, String(payload.notificationId)));
  ctx.jobs.register(PUSH_CHAT_JOB, async (payload) => pushChat(ctx, payload as ChatPush));
  ctx.jobs.register(PUSH_DEVICE_JOB, async (payload) => {
    const [device] = await queryRows<Device>(ctx.db, sql`SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = ${String(payload.subscriptionId)}`);
    if (device) await sendPush(ctx, device, payload.payload as PushPayload);
  });
}

/** Sends to every device of the member; a device that failed is retried on its own. */
export async function pushToDevices(ctx: AppContext, userId: string, payload: PushPayload): Promise<number> {
  const devices = await queryRows<Device>(ctx.db, sql`SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ${userId}`);
  return sendToDevices(ctx, devices, payload);
}

async function sendToDevices(ctx: AppContext, devices: Device[], payload: PushPayload): Promise<number> {
  const results = await Promise.allSettled(devices.map((device) => sendPush(ctx, device, payload)));
  const failed = devices.filter((_, i) => results[i].status === 'rejected');
  if (failed.length) {
    const runAt = new Date(ctx.jobs.now().getTime() + DEVICE_RETRY_MS);
    await ctx.jobs.scheduleMany(PUSH_DEVICE_JOB, failed.map((d) => ({ payload: { subscriptionId: d.id, payload }, runAt })));
  }
  return results.filter((r) => r.status === 'fulfilled' && r.value === 'sent').length;
}

async function pushNotification(ctx: AppContext, notificationId: string): Promise<void> {
  const [row] = await q.byIds(ctx.db, [notificationId], { withHidden: true });
  // Read on another device before the push left: nothing to tell.
  if (!row || row.item.readAt) return;
  const { item } = row;
  const summary = item.target.kind === 'referral' ? item.target.title.split(' · ').slice(0, 2).filter(Boolean).join(', ') : null;
  await pushToDevices(ctx, row.userId, notificationPayload({
    type: item.type, actors: item.actors, count: item.count, detail: item.detail, place: row.place,
    referralSummary: summary, target: { kind: item.target.kind, id: item.target._id, url: item.target.url },
  }));
}

/** True when one of the member's sockets, on any node, has this conversation open. */
async function lookingAt(ctx: AppContext, userId: string, conversationId: string): Promise<boolean> {
  const sockets = await ctx.realtime.io.in(userRoom(userId)).fetchSockets();
  return sockets.some((s) => s.rooms.has(conversationRoom(conversationId)));
}

/**
 * One statement: the recipient's devices, if the message is still unread and not unsent and the recipient wants chat
 * pushes (their preference, else the default), with the sender's name.
 */
async function pushChat(ctx: AppContext, m: ChatPush): Promise<void> {
  const rows = await queryRows<Device & { sender_name: string }>(ctx.db, sql`
    SELECT d.id, d.user_id, d.endpoint, d.p256dh, d.auth, s.name AS sender_name
    FROM messages m JOIN users s ON s.id = m.sender_id JOIN push_subscriptions d ON d.user_id = ${m.recipientId}
    WHERE m.id = ${m.messageId} AND m.conversation_id = ${m.conversationId} AND m.status <> 'read' AND m.unsent_at IS NULL
      AND coalesce((SELECT p.push FROM notification_preferences p WHERE p.user_id = ${m.recipientId} AND p.key = 'chatMessage'),
        ${DEFAULT_PREFERENCES.chatMessage.push})`);
  if (rows.length === 0 || await lookingAt(ctx, m.recipientId, m.conversationId)) return;
  await sendToDevices(ctx, rows, chatPayload({ senderName: rows[0].sender_name, conversationId: m.conversationId }));
}
