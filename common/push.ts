// Push notifications: the subscriptions API's shapes and what a push carries (docs/decisions/0205-web-push.md).
import { z } from 'zod';

const DEVICE_NAME_MAX = 80;
const ENDPOINT_MAX = 1000;
/** A member's devices: past this a new subscription is refused (each push is sent to every one of them). */
export const PUSH_DEVICES_MAX = 20;

export const PUSH_TEXTS = {
  badEndpoint: 'endpoint: must be an https: address of a known push service',
  tooManyDevices: `You can receive notifications on at most ${PUSH_DEVICES_MAX} devices. Remove one first.`,
  deviceNotFound: 'No such device.',
  test: 'Notifications work on this device',
} as const;

/** GET /api/push/public-key: the VAPID public key browsers subscribe with (base64url). */
export const PushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

const base64url = (min: number, max: number) => z.string().min(min).max(max).regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/** POST /api/users/me/push-subscriptions: what PushSubscription.toJSON() gives, and a name the member recognises. */
export const PushSubscriptionBody = z.object({
  endpoint: z.string().max(ENDPOINT_MAX, `must be at most ${ENDPOINT_MAX} characters`),
  // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22 characters).
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }).strip(),
  deviceName: z.string().trim().min(1, 'must not be empty').max(DEVICE_NAME_MAX, `must be at most ${DEVICE_NAME_MAX} characters`),
}).strip();
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionBody>;

/** A device as its owner sees it: never its endpoint or keys (they are the device's address). */
export const PushDevice = z.object({ _id: z.string(), deviceName: z.string(), createdAt: z.string(), lastSentAt: z.string().nullable() });
export type PushDevice = z.infer<typeof PushDevice>;
export const PushDevices = z.object({ devices: z.array(PushDevice) });
export type PushDevices = z.infer<typeof PushDevices>;

/**
 * What a push carries, encrypted for the device: who and where, never the text of a message, post, note or referral.
 * `tag` collapses a conversation's pushes into one on the device; `clear` closes that tag's notification (read elsewhere).
 */
export type PushPayload =
  | { kind: 'show'; title: string; body: string; url: string; tag: string }
  | { kind: 'clear'; tag: string };

/** The tag of a conversation's pushes. */
export const chatTag = (conversationId: string) => `chat:${conversationId}`;
