// What a session shows of where it was opened: the device and browser from the User-Agent (bowser), and the network
// address with its last part hidden (ipaddr.js), as the sessions list has it.
import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';

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

/** "Chrome 120 on macOS", "Firefox 121 on Android (mobile)"; null parts are left out, an unknown agent is 'Unknown'. */
export function describeDevice(userAgent: string | null): { browser: string; device: string } {
  if (!userAgent) return { browser: 'Unknown browser', device: 'Unknown device' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const browserName = browser.name ? [browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const system = [os.name, os.versionName ?? os.version].filter(Boolean).join(' ');
  const kind = platform.type ? ` (${platform.type})` : '';
  return { browser: browserName, device: system ? `${system}${kind}` : platform.type ?? 'Unknown device' };
}
