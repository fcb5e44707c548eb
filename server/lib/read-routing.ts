// Which database a read goes to (docs/decisions/0215). A route whose read tolerates a little lag passes
// `await reads(ctx, request)` to its service instead of `ctx`: with no replicas that is `ctx` itself (nothing changes,
// nothing is looked up), otherwise a context whose `db` is the replicas, unless the member wrote in the last
// REPLICA_STICKY_MS (on any node: the mark is kept in Redis when there is one), so a member always reads their own
// writes. Writes, transactions and every read of a write path keep `ctx.db`, the primary.
import type { FastifyRequest } from 'fastify';
import type { MemberCacheName } from './caches.ts';
import type { MemberCache } from './member-cache.ts';
import type { App, AppContext } from '../context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// This node's own marks, bounded: the oldest go first (a Map keeps insertion order, and a mark is re-inserted).
const MAX_LOCAL_MARKS = 100_000;
const stickyKey = (memberId: string) => `replica-sticky:${memberId}`;

type Routing = { replicaCtx: AppContext; wroteRecently: (memberId: string) => Promise<boolean> };
const routings = new WeakMap<object, Routing>();

/** The context a lag-tolerant read of this request runs with: the replicas', or `ctx` (the primary). */
export async function reads(ctx: AppContext, request: FastifyRequest): Promise<AppContext> {
  const routing = routings.get(ctx);
  if (!routing) return ctx;
  const memberId = request.user?.id;
  if (memberId && await routing.wroteRecently(memberId)) return ctx;
  return routing.replicaCtx;
}

/** With replicas: marks every member's write, and makes `reads(ctx, …)` route. Without: does nothing. */
export function registerReadRouting(app: App, ctx: AppContext): void {
  const { replicas, redis } = ctx;
  if (!replicas) return;
  const { stickyMs, maxLagMs, checkMs } = ctx.config.replicas;
  const local = new Map<string, number>();

  const mark = async (memberId: string) => {
    const until = Date.now() + stickyMs;
    local.delete(memberId);
    local.set(memberId, until);
    if (local.size > MAX_LOCAL_MARKS) local.delete(local.keys().next().value as string);
    // Before the answer leaves, so the member's next request, on whichever node, already finds it.
    if (redis?.pub.status === 'ready') await redis.pub.set(stickyKey(memberId), '1', 'PX', stickyMs).catch(() => {});
  };
  const wroteRecently = async (memberId: string): Promise<boolean> => {
    const until = local.get(memberId);
    if (until !== undefined) {
      if (until > Date.now()) return true;
      local.delete(memberId);
    }
    if (!redis) return false;
    // Redis away: the marks of the other nodes cannot be seen, so the primary answers (correct, only slower).
    if (redis.pub.status !== 'ready') return true;
    return redis.pub.exists(stickyKey(memberId)).then((n) => n > 0, () => true);
  };
  app.addHook('onSend', async (request) => {
    if (request.user && !SAFE_METHODS.has(request.method)) await mark(request.user.id);
  });

  // A cache filled from a replica just after an event cleared it could keep the pre-write answer for its whole
  // lifetime: while the cache was cleared within the replicas' lag bound, its fills read the primary.
  const fenceMs = maxLagMs + 2 * checkMs;
  const fill = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    performance.now() - ctx.caches.lastClearedAt(key) < fenceMs ? replicas.onPrimary(load) : load();
  const cache: AppContext['cache'] = { read: (key, load, opts) => ctx.cache.read(key, () => fill(key, load), opts), stats: ctx.cache.stats };
  const caches: AppContext['caches'] = {
    ...ctx.caches,
    member: <T>(name: MemberCacheName): MemberCache<T> => {
      const inner = ctx.caches.member<T>(name);
      return { read: (userId, load, view) => inner.read(userId, () => fill(`member:${name}`, load), view), forget: inner.forget };
    },
  };
  routings.set(ctx, { replicaCtx: { ...ctx, db: replicas.db, cache, caches }, wroteRecently });
}
