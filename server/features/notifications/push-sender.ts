// Sending one push to one device with web-push (VAPID, aes128gcm): the keys, the agent that reaches only public
// addresses, a per-device limit, and what the push service's answer means for the device (docs/decisions/0205).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type https from 'node:https';
import { sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { queryRows, type Db } from '../../db/client.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { appSecrets } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { memoryRateLimiter, type RateLimiter } from '../../lib/rate-limit.ts';
import type { PushPayload } from '../../../common/push.ts';
import { allowedEndpoint, pushAgent } from './push-endpoints.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'redis' | 'limiter' | 'caches'>;
export type Device = { id: string; user_id: string; endpoint: string; p256dh: string; auth: string };
type VapidKeys = { publicKey: string; privateKey: string };
/** sent; gone (the service forgot it: removed); limited (over the device's limit: dropped); refused (kept, not retried). */
export type SendResult = 'sent' | 'gone' | 'limited' | 'refused';

const SECRET_NAME = 'vapid';
/** How long a push service keeps a push for a device that is off: a day; a chat push older than that is news no more. */
const TTL_SECONDS = 24 * 3600;
/** A push service that does not answer within this delays nothing: the send fails and is retried later. */
const SEND_TIMEOUT_MS = 5_000;
const LIMIT_WINDOW_MS = 60_000;
/** A VAPID token is signed for 12 hours (web-push's default) and reused per push service until half of that is left. */
const VAPID_RENEW_MS = 6 * 3600_000;

const keys = new WeakMap<Db, Promise<VapidKeys>>();

async function storedKeys(db: Db): Promise<VapidKeys> {
  await db.execute(sql`INSERT INTO app_secrets (name, value) VALUES (${SECRET_NAME}, ${JSON.stringify(webpush.generateVAPIDKeys())})
    ON CONFLICT (name) DO NOTHING`);
  const [row] = await queryRows<SqlRow<typeof appSecrets, 'value'>>(db, sql`SELECT value FROM app_secrets WHERE name = ${SECRET_NAME}`);
  return JSON.parse(row.value) as VapidKeys;
}

/** The server's VAPID keys: the configured pair, else one made at first start and kept with the server's secrets. */
export function vapidKeys(ctx: Pick<AppContext, 'db' | 'config'>): Promise<VapidKeys> {
  const { vapidPublicKey, vapidPrivateKey } = ctx.config.push;
  if (vapidPublicKey && vapidPrivateKey) return Promise.resolve({ publicKey: vapidPublicKey, privateKey: vapidPrivateKey });
  let key = keys.get(ctx.db);
  if (!key) {
    key = storedKeys(ctx.db);
    keys.set(ctx.db, key);
    key.catch(() => keys.delete(ctx.db));
  }
  return key;
}

type Sender = {
  agent: https.Agent; limiter: RateLimiter;
  /** The Authorization header per push service origin (an ES256 signature each time cost more than the send itself). */
  vapid: Map<string, { authorization: string; renewAt: number; key: string }>;
  /** Devices shown a push in this turn of the event loop, written by one statement. */
  shown: { rows: { id: string; tag: string }[]; done: Promise<void> } | undefined;
};
const senders = new WeakMap<Ctx['config'], Sender>();

function senderOf(ctx: Ctx): Sender {
  let sender = senders.get(ctx.config);
  if (!sender) {
    const ca = ctx.config.push.caFile ? fs.readFileSync(ctx.config.push.caFile, 'utf8') : undefined;
    // Counted across nodes when they share Redis; else on this node (a database write per push would cost more).
    sender = { agent: pushAgent(ctx.config.push, ca), limiter: ctx.redis ? ctx.limiter : memoryRateLimiter(), vapid: new Map(), shown: undefined };
    senders.set(ctx.config, sender);
  }
  return sender;
}

/** The Topic header: a push still waiting at the service for an offline device is replaced by the next of its tag. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

function vapidAuthorization(ctx: Ctx, sender: Sender, endpoint: string, vapid: VapidKeys): string {
  const audience = new URL(endpoint).origin;
  const now = Date.now();
  const cached = sender.vapid.get(audience);
  if (cached && cached.renewAt > now && cached.key === vapid.publicKey) return cached.authorization;
  const { Authorization } = webpush.getVapidHeaders(audience, ctx.config.push.vapidSubject, vapid.publicKey, vapid.privateKey, 'aes128gcm');
  sender.vapid.set(audience, { authorization: Authorization, renewAt: now + VAPID_RENEW_MS, key: vapid.publicKey });
  return Authorization;
}

/** Records that the device was shown the tag (a read elsewhere clears it): one statement for the pushes of a turn. */
function recordShown(ctx: Ctx, sender: Sender, id: string, tag: string): Promise<void> {
  if (!sender.shown) {
    const batch: NonNullable<Sender['shown']> = { rows: [], done: Promise.resolve() };
    batch.done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      if (sender.shown === batch) sender.shown = undefined;
      await ctx.db.execute(sql`WITH x AS (SELECT DISTINCT id, tag FROM unnest(${sql.param(batch.rows.map((r) => r.id))}::uuid[],
          ${sql.param(batch.rows.map((r) => r.tag))}::text[]) AS x(id, tag)),
        d AS (UPDATE push_subscriptions s SET last_sent_at = now() WHERE s.id IN (SELECT id FROM x) RETURNING s.id)
        INSERT INTO push_tags (subscription_id, tag) SELECT x.id, x.tag FROM x JOIN d ON d.id = x.id
        ON CONFLICT (subscription_id, tag) DO UPDATE SET sent_at = now()`);
    });
    sender.shown = batch;
  }
  sender.shown.rows.push({ id, tag });
  return sender.shown.done;
}

/**
 * Sends one payload to one device. Throws when the service failed (5xx, 429, timeout, unreachable): the caller's job is
 * retried. A device the service no longer knows (404, 410) is removed.
 */
export async function sendPush(ctx: Ctx, device: Device, payload: PushPayload): Promise<SendResult> {
  if (!allowedEndpoint(device.endpoint, ctx.config.push)) return 'refused';
  const sender = senderOf(ctx);
  if (payload.kind === 'show' && await sender.limiter.hit(`push:${device.id}`, LIMIT_WINDOW_MS) > ctx.config.push.perDevicePerMinute) return 'limited';
  const vapid = await vapidKeys(ctx);
  try {
    await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
      // No vapidDetails: web-push would sign a new token per push; this one is signed once per push service and kept
      // while valid (nothing calls webpush.setVapidDetails, so no module-wide details apply either).
      headers: { Authorization: vapidAuthorization(ctx, sender, device.endpoint, vapid) },
      TTL: TTL_SECONDS, urgency: payload.kind === 'show' ? 'high' : 'normal', topic: topicOf(payload.tag),
      timeout: SEND_TIMEOUT_MS, agent: sender.agent,
    });
  } catch (error) {
    if (!(error instanceof WebPushError)) throw error;
    if (error.statusCode === 404 || error.statusCode === 410) {
      await ctx.db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${device.id}`);
      ctx.caches.publish({ type: 'push.devices.changed', userIds: [device.user_id] });
      return 'gone';
    }
    // 429 and 5xx: the service is busy or down, try again later. Other 4xx will fail the same way again.
    if (error.statusCode === 429 || error.statusCode >= 500) throw new Error(`push service answered ${error.statusCode}`);
    return 'refused';
  }
  if (payload.kind === 'show') await recordShown(ctx, sender, device.id, payload.tag);
  return 'sent';
}
