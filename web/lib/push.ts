// Push notifications on this device: asking the browser's permission (only when the member clicks), subscribing with
// the server's VAPID key, and giving the subscription up at sign-out (the next person on this browser gets none).
import type { PushDevice, PushPublicKey } from '../../common/push.ts';
import { api } from './api.ts';

const DEVICE_KEY = 'thera.pushDevice';
const READY_WAIT_MS = 10_000;

export const pushSupported = () =>
  typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Why this browser could not be set up for pushes; the settings screen words each in the reader's language. */
export type PushSetupReason = 'blocked' | 'notReady';
export class PushSetupError extends Error {
  readonly reason: PushSetupReason;
  constructor(reason: PushSetupReason) {
    super(`Push setup failed: ${reason}`);
    this.reason = reason;
  }
}

/** The id of this browser's device on the server, when this browser turned pushes on for the member signed in. */
export const thisDeviceId = () => localStorage.getItem(DEVICE_KEY);

/** This browser's name and system ("Chrome", "Android"), software's names the same in every language; null when unknown. */
export function guessDevice(ua = navigator.userAgent): { browser: string | null; system: string | null } {
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : null;
  return { browser, system };
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new PushSetupError('notReady')), READY_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Asks the browser (a click called this), subscribes, and records the device. Throws a PushSetupError, or the API's refusal. */
export async function enablePush(deviceName: string): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('blocked');
  const reg = await registration();
  const { publicKey } = await api<PushPublicKey>('/api/push/public-key');
  const existing = await reg.pushManager.getSubscription();
  const subscription = existing ?? await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const device = await api<PushDevice>('/api/users/me/push-subscriptions', { method: 'POST', body: { ...subscription.toJSON(), deviceName } });
  localStorage.setItem(DEVICE_KEY, device._id);
  return device;
}

/** This device stops receiving the member's pushes: on the server, and in the browser. */
export async function forgetPushDevice(): Promise<void> {
  const id = thisDeviceId();
  localStorage.removeItem(DEVICE_KEY);
  if (id) await api(`/api/users/me/push-subscriptions/${id}`, { method: 'DELETE' }).catch(() => undefined);
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
}
