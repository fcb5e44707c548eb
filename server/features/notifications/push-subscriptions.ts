// A member's devices for push notifications: subscribe (the browser's PushSubscription), list, remove, test.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { pushSubscriptions } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { PUSH_DEVICES_MAX, PUSH_TEXTS, type PushDevice, type PushDevices, type PushSubscriptionInput } from '../../../common/push.ts';
import { allowedEndpoint } from './push-endpoints.ts';
import { pushToDevices } from './push-jobs.ts';
import { testPayload } from './push-payloads.ts';
import { vapidKeys } from './push-sender.ts';

type DeviceRow = SqlRow<typeof pushSubscriptions, 'id' | 'device_name' | 'created_at' | 'last_sent_at'>;
/** Whose devices changed: this member's, and the one whose browser it was before, if another. */
const devicesChanged = (ctx: AppContext, userIds: (string | null)[]) =>
  ctx.caches.publish({ type: 'push.devices.changed', userIds: userIds.filter((id): id is string => Boolean(id)) });
const iso = (value: string | Date) => new Date(value).toISOString();
const toDevice = (r: DeviceRow): PushDevice => ({
  _id: r.id, deviceName: r.device_name, createdAt: iso(r.created_at), lastSentAt: r.last_sent_at ? iso(r.last_sent_at) : null,
});

export async function publicKey(ctx: AppContext): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(ctx)).publicKey };
}

/**
 * Records the browser's subscription for the member. A browser has one endpoint: subscribing again (or another member
 * turning pushes on in the same browser) updates that one row, which then belongs to whoever subscribed last.
 */
export async function subscribe(ctx: AppContext, user: CurrentUser, input: PushSubscriptionInput): Promise<PushDevice> {
  if (!allowedEndpoint(input.endpoint, ctx.config.push)) throw badRequest(PUSH_TEXTS.badEndpoint);
  const [row] = await queryRows<DeviceRow & { previous_owner: string | null }>(ctx.db, sql`
    WITH before AS (SELECT user_id FROM push_subscriptions WHERE endpoint = ${input.endpoint}),
    mine AS (SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ${user.id} AND endpoint <> ${input.endpoint})
    INSERT INTO push_subscriptions AS s (user_id, endpoint, p256dh, auth, device_name)
    SELECT ${user.id}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${input.deviceName} FROM mine WHERE mine.n < ${PUSH_DEVICES_MAX}
    ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
      device_name = EXCLUDED.device_name, created_at = CASE WHEN s.user_id = EXCLUDED.user_id THEN s.created_at ELSE now() END
    RETURNING id, device_name, created_at, last_sent_at, (SELECT user_id FROM before) AS previous_owner`);
  if (!row) throw conflict(PUSH_TEXTS.tooManyDevices);
  devicesChanged(ctx, [user.id, row.previous_owner]);
  return toDevice(row);
}

export async function listDevices(ctx: AppContext, user: CurrentUser): Promise<PushDevices> {
  const rows = await queryRows<DeviceRow>(ctx.db, sql`
    SELECT id, device_name, created_at, last_sent_at FROM push_subscriptions WHERE user_id = ${user.id} ORDER BY created_at, id`);
  return { devices: rows.map(toDevice) };
}

/** Only the member's own: another member's device answers 404, as a missing one does. */
export async function removeDevice(ctx: AppContext, user: CurrentUser, { id }: { id: string }): Promise<void> {
  const rows = await queryRows<SqlRow<typeof pushSubscriptions, 'id'>>(ctx.db, sql`DELETE FROM push_subscriptions WHERE id = ${id} AND user_id = ${user.id} RETURNING id`);
  if (rows.length === 0) throw notFound(PUSH_TEXTS.deviceNotFound);
  devicesChanged(ctx, [user.id]);
}

/** "Test push": to every device of the member; answers how many the push services accepted. */
export async function testPush(ctx: AppContext, user: CurrentUser): Promise<{ sent: number }> {
  return { sent: await pushToDevices(ctx, user.id, testPayload()) };
}
