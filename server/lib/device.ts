// What a session shows of where it was opened: the device and browser from the User-Agent (bowser), and the network
// address with its last part hidden (ipaddr.js), as the sessions list has it.
import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';
import { DeviceSchema, PLATFORMS, UNKNOWN_DEVICE, type Device, type Platform } from '../../common/device.ts';

export type SessionDevice = { userAgent: string | null; ip: string | null };
const USER_AGENT_MAX = 512;

/** What is stored for a new session: the User-Agent (bounded) and the address already masked. */
export function sessionDevice(userAgent: string | undefined, ip: string | undefined): SessionDevice {
  return { userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null, ip: ip ? maskAddress(ip) : null };
}

/** IPv4: the last octet hidden (203.0.113.x); IPv6: all but the first three groups (the /48) hidden. */
export function maskAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return `${parsed.toByteArray().slice(0, 3).join('.')}.x`;
  const groups = (parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return `${groups.join(':')}:x:x:x:x:x`;
}

/** What the User-Agent says of the browser, system and kind of device, as names and a code (common/device.ts). */
export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os, platform } = Bowser.parse(userAgent);
  return {
    browser: browser.name || null,
    browserVersion: browser.name ? browser.version?.split('.')[0] || null : null,
    os: os.name || null,
    osVersion: os.name ? os.versionName ?? os.version ?? null : null,
    platform: (PLATFORMS as readonly string[]).includes(platform.type ?? '') ? platform.type as Platform : null,
  };
}

// Sign-ins written to the audit trail before the device was stored as names and a code: one English line, "Firefox 121
// on macOS Sonoma (desktop)", with "Unknown browser" and "Unknown device" for what was not known. Read back into parts
// here, once, so that no reader's app has to match English.
const LEGACY_LINE = /^(.+?) on (.+)$/;
const LEGACY_BROWSER = /^(.+?)(?: (\d+))?$/;
const LEGACY_SYSTEM = /^(?:(.+?) )?\((desktop|mobile|tablet|tv)\)$/;

/**
 * A device as the audit trail holds it: the parts (entries written since devices are kept as names and codes, worded in
 * the reader's language), or the English line of older entries.
 */
export function storedDevice(stored: unknown): Device | null {
  const parsed = DeviceSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  if (typeof stored !== 'string') return null;
  const line = LEGACY_LINE.exec(stored);
  if (!line) return { ...UNKNOWN_DEVICE, browser: stored };
  const [, browserPart, devicePart] = line;
  const browser = browserPart === 'Unknown browser' ? null : LEGACY_BROWSER.exec(browserPart);
  const bare = (PLATFORMS as readonly string[]).includes(devicePart) ? [devicePart, undefined, devicePart] : null;
  const system = devicePart === 'Unknown device' ? null : bare ?? LEGACY_SYSTEM.exec(devicePart) ?? [devicePart, devicePart];
  return {
    browser: browser?.[1] ?? null, browserVersion: browser?.[2] ?? null,
    os: system?.[1] ?? null, osVersion: null, platform: (system?.[2] as Platform | undefined) ?? null,
  };
}
