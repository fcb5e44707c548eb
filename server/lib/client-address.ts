import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';

export type ProxyTrust = Config['trustProxy'];
type TrustFn = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for the operator's TRUST_PROXY. Fastify treats a bare hop count as "trust nobody" (it cannot
 * check the peer); the operator who names a count says the node is reachable only through that many proxies, so the
 * count is honoured as a function of the hop index.
 */
export function proxyTrust(trust: ProxyTrust): false | string[] | TrustFn {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The client's address for a raw request, derived exactly as Fastify derives `request.ip` with proxyTrust: for
 * socket.io's handshake, which Fastify never sees (its `handshake.address` is the raw peer, a proxy's address).
 */
export function addressResolver(trust: ProxyTrust): (request: IncomingMessage) => string {
  const rule = proxyTrust(trust);
  if (!rule) return (request) => request.socket.remoteAddress ?? '';
  const trusts = typeof rule === 'function' ? rule : proxyAddr.compile(rule);
  return (request) => proxyAddr(request, trusts);
}
