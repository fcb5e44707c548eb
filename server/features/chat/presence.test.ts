// Presence bookkeeping on its own: in memory, and in Redis across nodes, including a node that dies without a word.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createPresence, type Presence } from '../../lib/presence.ts';

const REDIS_URL = process.env.REDIS_URL;
const opened: { presence?: Presence; redis?: Redis }[] = [];
afterEach(async () => {
  for (const { presence, redis } of opened.splice(0)) {
    await presence?.close().catch(() => undefined);
    redis?.disconnect();
  }
});

function node(timings = { heartbeatMs: 100, nodeTtlMs: 400, sweepMs: 100 }) {
  const redis = new Redis(REDIS_URL!);
  const presence = createPresence(redis, timings);
  opened.push({ presence, redis });
  return { presence, redis };
}

async function countsDevices(presence: Presence) {
  const user = randomUUID();
  expect(await presence.connect(user, 's1')).toBe(true);
  expect(await presence.connect(user, 's2')).toBe(false);
  expect(await presence.onlineAmong([user, randomUUID()])).toEqual([user]);
  expect(await presence.disconnect(user, 's1')).toBe(false);
  // A disconnect reported twice does not take the user offline while another device is connected.
  expect(await presence.disconnect(user, 's1')).toBe(false);
  expect(await presence.onlineAmong([user])).toEqual([user]);
  expect(await presence.disconnect(user, 's2')).toBe(true);
  expect(await presence.onlineAmong([user])).toEqual([]);
}

/** The socket cap: checked and recorded in one step, a socket already recorded admitted again, a freed slot reused. */
async function capsSockets(first: Presence, second: Presence = first) {
  const user = randomUUID();
  expect(await first.admit(user, 's1', 2)).toEqual({ admitted: true, cameOnline: true });
  expect(await second.admit(user, 's2', 2)).toEqual({ admitted: true, cameOnline: false });
  expect(await first.admit(user, 's3', 2)).toEqual({ admitted: false });
  expect(await first.admit(user, 's1', 2)).toEqual({ admitted: true, cameOnline: false });
  const burst = await Promise.all(['a', 'b', 'c'].map((id) => second.admit(user, id, 3)));
  expect(burst.filter((a) => a.admitted)).toHaveLength(1);
  await first.disconnect(user, 's1');
  expect((await second.admit(user, 's4', 3)).admitted).toBe(true);
  expect((await first.admit(user, 's5', 3)).admitted).toBe(false);
}

describe('presence in memory', () => {
  it('is online while any device is connected', () => countsDevices(createPresence()));
  it('caps the sockets of a user', () => capsSockets(createPresence()));
});

describe.skipIf(!REDIS_URL)('presence in Redis', () => {
  it('is online while any device is connected', () => countsDevices(node().presence));

  it('caps the sockets of a user across nodes', () => capsSockets(node().presence, node().presence));

  it('counts devices on different nodes as one user', async () => {
    const [one, two] = [node().presence, node().presence];
    const user = randomUUID();
    expect(await one.connect(user, 'a')).toBe(true);
    expect(await two.connect(user, 'b')).toBe(false);
    expect(await two.onlineAmong([user])).toEqual([user]);
    expect(await one.disconnect(user, 'a')).toBe(false);
    expect(await two.disconnect(user, 'b')).toBe(true);
    expect(await one.onlineAmong([user])).toEqual([]);
  });

  it('sweeps the sockets of a node that stopped without closing, and says who went offline', async () => {
    const dying = node();
    const survivor = node();
    const [ghost, alsoHere] = [randomUUID(), randomUUID()];
    await dying.presence.connect(ghost, 'x');
    await dying.presence.connect(alsoHere, 'y');
    await survivor.presence.connect(alsoHere, 'z');
    const offline: string[] = [];
    survivor.presence.onSweptOffline((id) => offline.push(id));
    // The node's process is gone: no heartbeat, no close.
    dying.redis.disconnect();
    opened.splice(opened.findIndex((o) => o.redis === dying.redis), 1);
    const deadline = Date.now() + 5000;
    while (!offline.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(offline).toEqual([ghost]);
    expect(await survivor.presence.onlineAmong([ghost, alsoHere])).toEqual([alsoHere]);
  });

  it('clears its own sockets on close', async () => {
    const { presence } = node();
    const other = node().presence;
    const user = randomUUID();
    await presence.connect(user, 's');
    await presence.close();
    expect(await other.onlineAmong([user])).toEqual([]);
  });
});
