// The notifications' background work: the job handlers (emails, digests, followers' fan-out) and the realtime
// delivery each node does for its own sockets.
import type { AppContext } from '../../context.ts';
import { hourlyAt } from '../../lib/jobs.ts';
import {
  CHAT_EMAIL_JOB, EMAIL_JOB, FOLLOWERS_JOB, NOTIFY_FANOUT, notifyFollowers, type FanOutPayload, type NewNotification,
} from '../../lib/notify.ts';
import { registerNoticeEvents } from '../../lib/outbox-notices.ts';
import { userRoom } from '../../lib/realtime.ts';
import { membersDueDigest, sendChatEmail, sendDigest, sendImmediate } from './email.ts';
import { registerPushJobs } from './push-jobs.ts';
import * as q from './queries.ts';

const DIGEST_JOB = 'notifications.digest';
const DIGESTS_PER_ROUND = 200;

/** The job handlers and the realtime delivery, registered once the app's context exists. */
export function notificationsBackground(ctx: AppContext): void {
  registerJobs(ctx);
  registerNoticeEvents(ctx);
  registerPushJobs(ctx);
  notificationsRealtime(ctx);
}

function registerJobs(ctx: AppContext): void {
  ctx.jobs.register(EMAIL_JOB, async (payload, { now }) => sendImmediate(ctx, String(payload.userId), now));
  ctx.jobs.register(CHAT_EMAIL_JOB, async (payload) => sendChatEmail(ctx, payload as Parameters<typeof sendChatEmail>[1]));
  ctx.jobs.register(FOLLOWERS_JOB, async (payload) => notifyFollowers(ctx, payload.notification as Omit<NewNotification, 'recipientIds' | 'type'>));
  // Every hour, on the hour: members for whom 08:00 has come (time zones are whole or half hours from UTC; a quarter-
  // hour zone gets its digest at the next hour).
  ctx.jobs.recurring(DIGEST_JOB, hourlyAt(0), async (_payload, { now }) => {
    for (;;) {
      const due = await membersDueDigest(ctx, now, DIGESTS_PER_ROUND);
      for (const userId of due) await sendDigest(ctx, userId, now);
      if (due.length < DIGESTS_PER_ROUND) return;
    }
  });
}

/** On every node: the new or regrouped items and the new counts, to the members with a socket here. */
function notificationsRealtime(ctx: AppContext): void {
  ctx.realtime.onFanOut(NOTIFY_FANOUT, (payload) => {
    void ctx.realtime.track(deliverLocally(ctx, payload as FanOutPayload))
      .catch((error: unknown) => ctx.realtime.log.error({ event: 'notification', name: (error as Error)?.name }, 'notification delivery failed'));
  });
}

async function deliverLocally(ctx: AppContext, { items, counts }: FanOutPayload): Promise<void> {
  const here = items.filter((i) => ctx.realtime.hasLocalUser(i.userId));
  const countOnly = counts.filter((id) => ctx.realtime.hasLocalUser(id));
  if (here.length === 0 && countOnly.length === 0) return;
  const rows = here.length ? await q.byIds(ctx.db, here.map((i) => i.id)) : [];
  const unread = await q.unreadCounts(ctx.db, [...new Set([...rows.map((r) => r.userId), ...countOnly])]);
  for (const row of rows) {
    ctx.realtime.io.local.to(userRoom(row.userId)).emit('notification', { notification: row.item, unreadCount: unread.get(row.userId) ?? 0 });
  }
  for (const id of countOnly) ctx.realtime.io.local.to(userRoom(id)).emit('notificationCount', { unreadCount: unread.get(id) ?? 0 });
}
