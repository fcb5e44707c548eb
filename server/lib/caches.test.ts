// The cache registry (docs/decisions/0143): an event clears exactly the caches declared to be cleared by it, here at
// once and on the nodes that hear it through the fan-out; the API-level freshness of each event is tested in
// server/features/cache-freshness.test.ts.
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { CACHE_EVENT_FANOUT, MEMBER_CACHES, SESSION_CACHE, createCaches, type CacheEvent, type MemberCacheName } from './caches.ts';

const config = testConfig({
  UNREAD_COUNT_CACHE_MS: '60000', REFERRAL_COUNTS_CACHE_MS: '60000', FIRST_PAGE_CACHE_MS: '60000', SESSION_CACHE_MS: '60000',
});

/** Two nodes joined by an in-memory fan-out, as realtime joins them through Redis. */
function twoNodes() {
  const handlers: ((payload: unknown) => void)[] = [];
  const sent: unknown[] = [];
  const link = { fanOut: (name: string, payload: unknown) => { if (name === CACHE_EVENT_FANOUT) sent.push(payload); for (const h of handlers) h(payload); } };
  const node = () => {
    const caches = createCaches(config);
    caches.connect({ fanOut: link.fanOut, onFanOut: (_name, handler) => void handlers.push(handler) });
    return caches;
  };
  return { a: node(), b: node(), sent };
}

const SHARED_KEYS = ['forums:feed', 'therapists:listed-total', 'resources:total|', 'community-activity'];

/** Fills every member cache and the session of each member on a node, and a few shared answers. */
async function fill(caches: ReturnType<typeof createCaches>, userIds: string[]) {
  for (const userId of userIds) {
    for (const name of Object.keys(MEMBER_CACHES) as MemberCacheName[]) {
      await caches.member<string>(name).read(userId, async () => ({ value: 'kept' }));
    }
    caches.sessions.set(`token-${userId}`, {
      sessionId: `s-${userId}`, userId, name: 'x', role: 'user', verificationStatus: 'verified', createdAt: 0, lastUsedAt: 0,
      disabled: false, withoutSecondFactor: false, twoFactorEnabled: false, rejectionReason: null,
    });
  }
  for (const key of SHARED_KEYS) await caches.shared.read(key, async () => 'kept', { ttlMs: 60_000 });
}

/** What a node still holds: the shared answers, and each member's caches and session. */
async function held(caches: ReturnType<typeof createCaches>, userIds: string[]) {
  const found: Record<string, string[]> = { shared: [] };
  for (const key of SHARED_KEYS) {
    if (await caches.shared.read(key, async () => 'fresh', { ttlMs: 60_000 }) === 'kept') found.shared.push(key);
  }
  for (const userId of userIds) {
    found[userId] = [];
    for (const name of Object.keys(MEMBER_CACHES) as MemberCacheName[]) {
      if (await caches.member<string>(name).read(userId, async () => ({ value: 'fresh' })) === 'kept') found[userId].push(name);
    }
    if (caches.sessions.get(`token-${userId}`)) found[userId].push('sessions');
  }
  return found;
}

const perMember = [...Object.keys(MEMBER_CACHES), 'sessions'];
const cases: [CacheEvent, string[]][] = [
  [{ type: 'referral.changed', userIds: ['u1'] }, ['referralCounts', 'referralBoxes']],
  [{ type: 'favourite.changed', userIds: ['u1'] }, ['referralNetwork']],
  [{ type: 'block.changed', userIds: ['u1'] }, ['referralNetwork', 'searchBlocked']],
  [{ type: 'notification.changed', userIds: ['u1'] }, ['unreadCounts', 'notificationPages']],
  [{ type: 'forum.written' }, ['forums:feed']],
  [{ type: 'community.changed' }, ['community-activity']],
  [{ type: 'resource.changed' }, ['resources:total|']],
  [{ type: 'directory.changed' }, ['therapists:listed-total']],
  [{ type: 'member.renamed', userId: 'u1' }, ['forums:feed', 'therapists:listed-total', 'sessions']],
  [{ type: 'member.deleted', userId: 'u1' }, ['forums:feed', 'therapists:listed-total', 'resources:total|']],
  [{ type: 'session.ended', sessionId: 's-u1' }, ['sessions']],
  [{ type: 'member.access.changed', userId: 'u1' }, ['sessions']],
];

describe('an event clears exactly what it is declared to clear', () => {
  it.each(cases)('%j, on the node that published it and on the other', async (event, cleared) => {
    const { a, b } = twoNodes();
    await Promise.all([fill(a, ['u1', 'u2']), fill(b, ['u1', 'u2'])]);
    a.publish(event);
    const expected = {
      shared: SHARED_KEYS.filter((key) => !cleared.includes(key)),
      u1: perMember.filter((name) => !cleared.includes(name)),
      // Another member's own caches are left alone.
      u2: perMember,
    };
    expect(await held(a, ['u1', 'u2'])).toEqual(expected);
    expect(await held(b, ['u1', 'u2'])).toEqual(expected);
  });
});

it('sends nothing for an event that names no member, and each member once', () => {
  const { a, sent } = twoNodes();
  a.publish({ type: 'referral.changed', userIds: [] });
  a.publish({ type: 'block.changed', userIds: ['u1', 'u2', 'u1'] });
  expect(sent).toEqual([{ type: 'block.changed', userIds: ['u1', 'u2'] }]);
});

it('declares the session cache\'s lifetime from config, as every cache', () => {
  expect(SESSION_CACHE.ttlMs(config)).toBe(60_000);
  expect(Object.values(MEMBER_CACHES).map((d) => d.ttlMs(config))).toEqual([60_000, 60_000, 60_000, 60_000, 60_000, 60_000, 300_000]);
});
