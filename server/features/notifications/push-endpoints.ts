// Which push endpoints the server will send to. The server itself makes a request to whatever URL a member gives, so an
// endpoint must not become a way to reach inside the network: https: only, on the known push services' hosts or on
// those an operator lists, never an address literal; and the connection's own lookup refuses private addresses, so a
// listed name that resolves inside the network (or is rebound to it later) reaches nothing
// (docs/decisions/0205-web-push.md).
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { Config } from '../../config.ts';

/** Google's (Chrome, Edge on Android), Mozilla's (Firefox), Apple's (Safari) and Microsoft's (Edge on Windows). */
const KNOWN_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', '*.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'];
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

type PushConfig = Pick<Config['push'], 'allowedHosts' | 'allowLoopback'>;

const matches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

/** True when the server may send pushes to this endpoint. */
export function allowedEndpoint(endpoint: string, config: PushConfig): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host)) return config.allowLoopback;
  // Address literals (v4, v6, and the forms URL normalises to them): a push service has a name.
  if (net.isIP(host.replace(/^\[|\]$/g, '')) || /^[\d.]+$/.test(host)) return false;
  if (url.port && url.port !== '443') return false;
  return [...KNOWN_HOSTS, ...config.allowedHosts].some((pattern) => matches(host, pattern));
}

const blocked = new net.BlockList();
for (const [address, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) blocked.addSubnet(address, prefix, 'ipv4');
// IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are checked against the IPv4 rules by the list itself.
for (const [address, prefix] of [['::', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for an address the server must not connect to for a push (loopback only when the config allows it). */
export function privateAddress(address: string, allowLoopback: boolean): boolean {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  if (loopback.check(address, family)) return !allowLoopback;
  return blocked.check(address, family);
}

/** The agent every push goes through: its lookup refuses private addresses; `ca` trusts a test push service. */
export function pushAgent(config: Pick<Config['push'], 'allowLoopback'>, ca?: string): https.Agent {
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => privateAddress(a.address, config.allowLoopback));
      if (bad || list.length === 0) return callback(Object.assign(new Error('push endpoint resolves to a private address'), { code: 'EPRIVATE' }), '', 0);
      // Node's LookupFunction type names only the single-address callback, though `all: true` callers get the list.
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
  return new https.Agent({ keepAlive: true, maxSockets: 50, lookup, ...(ca ? { ca } : {}) });
}
