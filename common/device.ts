// What a session or a sign-in says of the device it came from, read from the User-Agent (server/lib/device.ts): the
// browser's and system's own names and versions, and the kind of device as a code. No words: each reader's app says
// them in its language (common/i18n/device-messages.ts), the names themselves are never translated.
import { z } from 'zod';

/** The kinds of device the User-Agent tells (bowser's platform types). */
export const PLATFORMS = ['desktop', 'mobile', 'tablet', 'tv'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const DeviceSchema = z.object({
  /** The browser's own name ("Firefox", "Chrome"); null when the User-Agent does not say. */
  browser: z.string().nullable(),
  /** The browser's major version ("121"). */
  browserVersion: z.string().nullable(),
  /** The operating system's own name ("macOS", "Android"); null when unknown. */
  os: z.string().nullable(),
  /** Its version or version name ("Sonoma", "14"). */
  osVersion: z.string().nullable(),
  /** The kind of device, a code; null when unknown. */
  platform: z.enum(PLATFORMS).nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;

export const UNKNOWN_DEVICE: Device = { browser: null, browserVersion: null, os: null, osVersion: null, platform: null };
