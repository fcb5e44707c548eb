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

it('a deleted file\'s thumbnail goes on both nodes, and only it; other events leave thumbnails kept', async () => {
  const { a, b } = twoNodes();
  const [gone, kept] = ['0a4b7c1e-0000-4000-8000-000000000001', '0a4b7c1e-0000-4000-8000-000000000002'];
  for (const node of [a, b]) {
    for (const id of [gone, kept]) expect(await node.thumbnails.read(id, async () => Buffer.from(`webp ${id}`))).toEqual(Buffer.from(`webp ${id}`));
  }
  a.publish({ type: 'member.deleted', userId: 'someone' });
  a.publish({ type: 'files.deleted', fileIds: [] });
  expect([a, b].map((n) => n.thumbnails.has(gone))).toEqual([true, true]);
  a.publish({ type: 'files.deleted', fileIds: [gone] });
  expect([a, b].map((n) => [n.thumbnails.has(gone), n.thumbnails.has(kept)])).toEqual([[false, true], [false, true]]);
  // The next read loads again (from the store, in the app).
  expect(await b.thumbnails.read(gone, async () => Buffer.from('loaded again'))).toEqual(Buffer.from('loaded again'));
});

it('keeps thumbnails within THUMBNAIL_CACHE_MB, the least recently read going first; 0 keeps none', async () => {
  const small = createCaches(testConfig({ THUMBNAIL_CACHE_MB: '1' }));
  const id = (n: number) => `0a4b7c1e-0000-4000-8000-${String(n).padStart(12, '0')}`;
  for (let n = 0; n < 5; n++) await small.thumbnails.read(id(n), async () => Buffer.alloc(300 * 1024));
  expect([0, 1, 2, 3, 4].map((n) => small.thumbnails.has(id(n)))).toEqual([false, false, true, true, true]);
  const none = createCaches(testConfig({ THUMBNAIL_CACHE_MB: '0' }));
  await none.thumbnails.read(id(1), async () => Buffer.from('x'));
  expect(none.thumbnails.has(id(1))).toBe(false);
  small.close();
  none.close();
});
