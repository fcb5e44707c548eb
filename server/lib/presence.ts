import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Who is online: a user is online while any of their sockets is connected, on any node.
 * Each socket is recorded by id (not a bare counter), so a socket can only be removed once and a node that
 * crashed can be swept: see docs/decisions/0010-conversation-pin.md.
 */
export interface Presence {
  /** Records a connected socket; true when it is the user's first (the user just came online). */
  connect(userId: string, socketId: string): Promise<boolean>;
  /**
   * Records the socket unless the user already holds `max` sockets (on every node with Redis): the check and the
   * record are one step, so a burst of handshakes cannot slip past the cap together.
   */
  admit(userId: string, socketId: string, max: number): Promise<Admission>;
  /** Removes a socket; true when it was the user's last (the user just went offline). */
  disconnect(userId: string, socketId: string): Promise<boolean>;
  /** The ids among these that are online. */
  onlineAmong(userIds: string[]): Promise<string[]>;
  /**
   * Redis is back after being away (Redis only): records this node's sockets as they are now (a restarted Redis lost
   * them) and forgets those that disconnected meanwhile (their disconnects could not reach it).
   */
  rejoin(sockets: { userId: string; socketId: string }[]): Promise<void>;
  /** Called for users whose sockets vanished with a crashed node (Redis only). */
  onSweptOffline(listener: (userId: string) => void): void;
  /** Waits for pending writes and removes this node's sockets. */
  close(): Promise<void>;
}

type Admission = { admitted: false } | { admitted: true; cameOnline: boolean };

export type PresenceTimings = { heartbeatMs: number; nodeTtlMs: number; sweepMs: number };
// A node killed outright leaves its sockets recorded: its members show online until the sweep, at most nodeTtlMs +
// sweepMs after the kill (measured by faults/nodes-kill.test.ts). Each beat and sweep is a command or two per node.
const TIMINGS: PresenceTimings = {
  heartbeatMs: 5_000,
  // A node that has not renewed its heartbeat for this long is taken for dead and its sockets are swept.
  nodeTtlMs: 15_000,
  sweepMs: 5_000,
};

export function createPresence(redis?: Redis, timings: PresenceTimings = TIMINGS): Presence {
  return redis ? redisPresence(redis, timings) : memoryPresence();
}

function memoryPresence(): Presence {
  const sockets = new Map<string, Set<string>>();
  const admit = async (userId: string, socketId: string, max: number): Promise<Admission> => {
    const mine = sockets.get(userId) ?? new Set<string>();
    if (mine.size >= max && !mine.has(socketId)) return { admitted: false };
    mine.add(socketId);
    sockets.set(userId, mine);
    return { admitted: true, cameOnline: mine.size === 1 };
  };
  return {
    admit,
    connect: async (userId, socketId) => cameOnline(await admit(userId, socketId, Infinity)),
    async disconnect(userId, socketId) {
      const mine = sockets.get(userId);
      if (!mine?.delete(socketId)) return false;
      if (mine.size > 0) return false;
      sockets.delete(userId);
      return true;
    },
    async onlineAmong(userIds) {
      return userIds.filter((id) => sockets.has(id));
    },
    onSweptOffline() {},
    async rejoin() {},
    async close() {
      sockets.clear();
    },
  };
}

const cameOnline = (admission: Admission) => admission.admitted && admission.cameOnline;

const PREFIX = 'thera:presence:';

// KEYS: the user's socket set, the online set, this node's socket set. ARGV: node/socket, user id, user/socket, the
// most sockets a user may hold. Answers -1 when the user holds that many already, else whether they came online.
const ADMIT = `
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[4]) and redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then return -1 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[3])
return redis.call('SADD', KEYS[2], ARGV[2])`;
const DISCONNECT = `
local removed = redis.call('SREM', KEYS[1], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[3])
if removed == 1 and redis.call('SCARD', KEYS[1]) == 0 then return redis.call('SREM', KEYS[2], ARGV[2]) end
return 0`;

/**
 * Keys: `user:<id>` the set of `<node>/<socket>` of a user; `online` the set of online user ids;
 * `node:<node>` the `<user>/<socket>` entries a node holds; `alive:<node>` its heartbeat (expires); `nodes` all nodes.
 */
function redisPresence(redis: Redis, { heartbeatMs, nodeTtlMs, sweepMs }: PresenceTimings): Presence {
  const nodeId = randomBytes(8).toString('hex');
  const pending = new Set<Promise<unknown>>();
  const listeners: ((userId: string) => void)[] = [];
  const keys = (userId: string, node = nodeId) => [`${PREFIX}user:${userId}`, `${PREFIX}online`, `${PREFIX}node:${node}`];

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    return work.finally(() => pending.delete(work));
  };
  const remove = async (userId: string, socketId: string, node = nodeId) =>
    Number(await redis.eval(DISCONNECT, 3, ...keys(userId, node), `${node}/${socketId}`, userId, `${userId}/${socketId}`)) === 1;

  const heartbeat = () => redis.multi().set(`${PREFIX}alive:${nodeId}`, '1', 'PX', nodeTtlMs).sadd(`${PREFIX}nodes`, nodeId).exec();
  const sweep = async () => {
    for (const node of await redis.smembers(`${PREFIX}nodes`)) {
      if (node === nodeId || (await redis.exists(`${PREFIX}alive:${node}`))) continue;
      for (const entry of await redis.smembers(`${PREFIX}node:${node}`)) {
        const [userId, socketId] = entry.split('/');
        if (await remove(userId, socketId, node)) listeners.forEach((l) => l(userId));
      }
      await redis.multi().del(`${PREFIX}node:${node}`).srem(`${PREFIX}nodes`, node).exec();
    }
  };
  const ready = track(heartbeat());
  const beat = setInterval(() => void track(heartbeat()).catch(() => {}), heartbeatMs);
  const sweeper = setInterval(() => void track(sweep()).catch(() => {}), sweepMs);
  beat.unref();
  sweeper.unref();

  const admit = (userId: string, socketId: string, max: number) => track((async (): Promise<Admission> => {
    await ready;
    const answer = Number(await redis.eval(
      ADMIT, 3, ...keys(userId), `${nodeId}/${socketId}`, userId, `${userId}/${socketId}`, Number.isFinite(max) ? max : 2 ** 31,
    ));
    return answer === -1 ? { admitted: false } : { admitted: true, cameOnline: answer === 1 };
  })());

  return {
    admit,
    connect: async (userId, socketId) => cameOnline(await admit(userId, socketId, Infinity)),
    disconnect: (userId, socketId) => track(remove(userId, socketId)),
    async onlineAmong(userIds) {
      if (userIds.length === 0) return [];
      const flags = await redis.smismember(`${PREFIX}online`, ...userIds);
      return userIds.filter((_, i) => flags[i] === 1);
    },
    onSweptOffline: (listener) => void listeners.push(listener),
    rejoin: (now) => track((async () => {
      await heartbeat();
      const current = new Set(now.map(({ userId, socketId }) => `${userId}/${socketId}`));
      for (const entry of await redis.smembers(`${PREFIX}node:${nodeId}`)) {
        const [userId, socketId] = entry.split('/');
        if (!current.has(entry)) await remove(userId, socketId);
      }
      for (const { userId, socketId } of now) await admit(userId, socketId, Infinity);
    })()),
    async close() {
      clearInterval(beat);
      clearInterval(sweeper);
      await Promise.allSettled([...pending]);
      // Sockets still recorded for this node (a disconnect that could not reach Redis) go now, not at the next sweep.
      const left = await redis.smembers(`${PREFIX}node:${nodeId}`).catch(() => []);
      for (const entry of left) {
        const [userId, socketId] = entry.split('/');
        await remove(userId, socketId).catch(() => false);
      }
      await redis.multi().del(`${PREFIX}node:${nodeId}`, `${PREFIX}alive:${nodeId}`).srem(`${PREFIX}nodes`, nodeId).exec().catch(() => {});
    },
  };
}
