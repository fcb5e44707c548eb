// Every write that changes a cached read makes the next read fresh (docs/decisions/0143): for each event the cache
// registry (server/lib/caches.ts) declares, a write that publishes it is followed by a read that shows it, through the
// same node and, with Redis and PostgreSQL, through another node sharing the database. Every cache lives a minute
// here, so that only the event (never expiry) can explain a fresh answer; a control shows a change made without one
// staying unseen.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../context.ts';
import type { Db } from '../db/client.ts';
import { MEMBER_CACHES, SESSION_CACHE, SHARED_CACHES, THUMBNAIL_CACHE, type CacheEventType } from '../lib/caches.ts';
import { createAdmin, createCommunity, createUser, randomLetters, type TestUser } from '../test/factories.ts';
import { baseUrl, createTestContext, openTestDatabase, startRedisNode, type TestContext } from '../test/harness.ts';
import { caller } from '../test/http.ts';
import { startLocalPushService, type LocalPushService } from '../test/push-service.ts';
import { call, connectClient } from '../test/sockets.ts';

const MINUTE = '60000';
const MINUTE_CACHES = {
  FORUM_CACHE_MS: MINUTE, SESSION_CACHE_MS: MINUTE, UNREAD_COUNT_CACHE_MS: MINUTE, REFERRAL_COUNTS_CACHE_MS: MINUTE,
  FIRST_PAGE_CACHE_MS: MINUTE, COMMUNITY_ACTIVITY_CACHE_MS: MINUTE, SEARCH_CACHE_MS: MINUTE, DIRECTORY_CACHE_MS: MINUTE,
  TOTALS_CACHE_MS: MINUTE,
};
// A referral any verified member may send (the recipients need not match it).
const REFERRAL = {
  ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', urgency: 'soon', note: 'Evenings preferred',
};

type Call = ReturnType<typeof caller>;
/** The node a member reads through and the node the write goes through (the same one, or another); the reader's URL. */
type Nodes = { reader: Call; writer: Call; db: Db; readerUrl: () => string };
// Pushes go to a push service on loopback (the push.devices.changed scenario).
let pushService: LocalPushService;
const withPush = () => ({ ...MINUTE_CACHES, PUSH_ALLOW_LOOPBACK: '1', PUSH_CA_FILE: pushService.caFile });
const urlOf = (app: App) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('node is not listening');
  return `http://127.0.0.1:${address.port}`;
};
/** A read, what it answers before the write, the write, and what the next read must answer. */
type Case = { read: () => Promise<unknown>; before: unknown; write: () => Promise<unknown>; after: unknown };
type Scenario = { event: CacheEventType; what: string; prepare: (n: Nodes) => Promise<Case> };

const word = () => `w${randomLetters(10)}`;
const ok = async (answer: Promise<{ status: number; body: any }>) => {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`unexpected ${status}: ${JSON.stringify(body)}`);
  return body;
};
const feedIds = (call: Call, user: TestUser) => async () =>
  ((await call('GET', '/api/forumPosts/feed', user)).body.posts as { _id: string }[]).map((p) => p._id);

const scenarios: Scenario[] = [
  {
    event: 'referral.changed', what: 'a referral received shows in the recipient\'s badge and box',
    async prepare({ reader, writer, db }) {
      const [ana, ben] = await Promise.all([createUser(db), createUser(db)]);
      const read = async () => [
        (await reader('GET', '/api/referrals/counts', ben)).body.receivedOpen,
        (await reader('GET', '/api/referrals?box=received', ben)).body.referrals.length,
      ];
      return { read, before: [0, 0], write: () => ok(writer('POST', '/api/referrals', ana, { ...REFERRAL, recipientIds: [ben.id] })), after: [1, 1] };
    },
  },
  {
    event: 'favourite.changed', what: 'a favourite leads the member\'s referral suggestions',
    async prepare({ reader, writer, db }) {
      const concern = 'Hoarding';
      const me = await createUser(db);
      const colleague = await createUser(db, { demographics: ['Teen'], specialties: [concern], sessionFormat: ['Online'], acceptingClients: 'accepting' });
      const read = async () => ((await reader('GET', `/api/referrals/suggestions?concerns=${encodeURIComponent(concern)}`, me)).body
        .suggestions as { _id: string; inNetwork: boolean }[]).map((s) => [s._id, s.inNetwork]);
      return { read, before: [[colleague.id, false]], write: () => ok(writer('PATCH', `/api/users/favorites/${colleague.id}`, me)), after: [[colleague.id, true]] };
    },
  },
  {
    event: 'block.changed', what: 'a member blocked leaves the blocker\'s top-bar search',
    async prepare({ reader, writer, db }) {
      const name = `Zed${word()}`;
      const [me, other] = await Promise.all([createUser(db), createUser(db, { name: `${name} Example` })]);
      const read = async () => ((await reader('GET', `/api/search?q=${name}`, me)).body.groups as { kind: string; items: { _id: string }[] }[])
        .filter((g) => g.kind === 'therapists').flatMap((g) => g.items.map((i) => i._id));
      return { read, before: [other.id], write: () => ok(writer('POST', `/api/users/${other.id}/block`, me)), after: [] };
    },
  },
  {
    event: 'notification.changed', what: 'a reply shows in the author\'s unread count and list',
    async prepare({ reader, writer, db }) {
      const [ana, ben] = await Promise.all([createUser(db), createUser(db)]);
      const post = await ok(writer('POST', '/api/forumPosts', ana, { title: 'Counted', content: 'x' }));
      const read = async () => [
        (await reader('GET', '/api/notifications/unread-count', ana)).body.count,
        (await reader('GET', '/api/notifications', ana)).body.notifications.length,
      ];
      return { read, before: [0, 0], write: () => ok(writer('POST', `/api/forumPosts/${post._id}/comments`, ben, { content: 'y' })), after: [1, 1] };
    },
  },
  {
    event: 'forum.written', what: 'a new post shows in the feed and in a search for its words',
    async prepare({ reader, writer, db }) {
      const [ana, ben] = await Promise.all([createUser(db), createUser(db)]);
      const title = word();
      let id = '';
      const read = async () => [
        (await feedIds(reader, ben)()).includes(id),
        ((await reader('GET', `/api/forumPosts/search?query=${title}`, ben)).body.posts as unknown[]).length,
      ];
      const write = async () => {
        id = (await ok(writer('POST', '/api/forumPosts', ana, { title, content: 'Some content' })))._id;
      };
      return { read, before: [false, 0], write, after: [true, 1] };
    },
  },
  {
    event: 'community.changed', what: 'a new community shows in the recommendations',
    async prepare({ reader, writer, db }) {
      const [ana, ben] = await Promise.all([createUser(db), createUser(db)]);
      const name = `Circle ${word()}`;
      const read = async () => ((await reader('GET', '/api/communities/recommendations?limit=50', ben)).body as { name: string }[])
        .some((c) => c.name === name);
      const write = () => ok(writer('POST', '/api/communities', ana, { name, description: 'A place', specialties: [], modalities: [], demographics: [] }));
      return { read, before: false, write, after: true };
    },
  },
  {
    event: 'resource.changed', what: 'an approved resource counts in the public list',
    async prepare({ reader, writer, db }) {
      const [admin, member] = await Promise.all([createAdmin(db), createUser(db)]);
      const submit = async () => {
        const submitted = await ok(writer('POST', '/api/resources', member, {
          title: `Guide ${word()}`, link: 'https://example.org/guide', category: 'Articles', description: 'Useful',
        }));
        return (submitted.resource?._id ?? submitted._id) as string;
      };
      // One published already: an empty list has one (empty) page too.
      await ok(writer('PATCH', `/api/resources/${await submit()}/approve`, admin));
      const second = await submit();
      const read = async () => (await reader('GET', '/api/resources?limit=1')).body.totalPages;
      const before = await read();
      return { read, before, write: () => ok(writer('PATCH', `/api/resources/${second}/approve`, admin)), after: before + 1 };
    },
  },
  {
    event: 'directory.changed', what: 'a member who hides from the directory leaves its total',
    async prepare({ reader, writer, db }) {
      const member = await createUser(db);
      const read = async () => (await reader('GET', '/api/users')).body.total;
      const before = await read();
      return { read, before, write: () => ok(writer('PUT', '/api/users/me/privacy', member, { listedInDirectory: false })), after: before - 1 };
    },
  },
  {
    event: 'member.renamed', what: 'an approved name shows on the member\'s posts and in their session',
    async prepare({ reader, writer, db }) {
      const [admin, ana, ben] = await Promise.all([createAdmin(db), createUser(db), createUser(db)]);
      const post = await ok(writer('POST', '/api/forumPosts', ana, { title: 'Named', content: 'x' }));
      const newName = `Renamed ${word()}`;
      await ok(writer('PUT', '/api/users/me', ana, { name: newName }));
      const read = async () => [
        ((await reader('GET', '/api/forumPosts/feed', ben)).body.posts as { _id: string; author: { name: string } }[])
          .find((p) => p._id === post._id)?.author.name,
        (await reader('GET', '/api/users/me', ana)).body.name,
      ];
      return {
        read, before: [ana.name, ana.name], write: () => ok(writer('PATCH', `/api/admin/verifications/${ana.id}/name`, admin, { approved: true })),
        after: [newName, newName],
      };
    },
  },
  {
    event: 'member.preferences.changed', what: 'a member\'s new language shows in their session and in the language of their refusals',
    async prepare({ reader, writer, db }) {
      const member = await createUser(db);
      const read = async () => [(await reader('GET', '/api/users/me', member)).body.locale, (await reader('GET', '/api/admin/audit', member)).body.msg];
      return {
        read, before: [null, 'Only administrators can do that.'], write: () => ok(writer('PATCH', '/api/users/me', member, { locale: 'fr-CA' })),
        after: ['fr-CA', 'Seuls les administrateurs peuvent faire cela.'],
      };
    },
  },
  {
    event: 'member.deleted', what: 'an erased member\'s posts leave the feed',
    async prepare({ reader, writer, db }) {
      const [admin, ana, ben] = await Promise.all([createAdmin(db), createUser(db), createUser(db)]);
      const post = await ok(writer('POST', '/api/forumPosts', ana, { title: 'Soon gone', content: 'x' }));
      const read = async () => (await feedIds(reader, ben)()).includes(post._id);
      return { read, before: true, write: () => ok(writer('DELETE', `/api/admin/users/${ana.id}`, admin, { deleteContent: true })), after: false };
    },
  },
  {
    event: 'session.ended', what: 'a signed-out session is refused',
    async prepare({ reader, writer, db }) {
      const member = await createUser(db);
      const read = async () => (await reader('GET', '/api/users/me', member)).status;
      return { read, before: 200, write: () => ok(writer('POST', '/api/users/logout', member)), after: 401 };
    },
  },
  {
    event: 'member.access.changed', what: 'a suspended member is refused',
    async prepare({ reader, writer, db }) {
      const [admin, member] = await Promise.all([createAdmin(db), createUser(db)]);
      const read = async () => (await reader('GET', '/api/users/me', member)).status;
      return { read, before: 200, write: () => ok(writer('PATCH', `/api/admin/users/${member.id}`, admin, { disabled: true })), after: 401 };
    },
  },
  {
    event: 'push.devices.changed', what: 'a push device added is pushed the next chat message',
    async prepare({ reader, writer, db, readerUrl }) {
      const [ana, ben] = await Promise.all([createUser(db), createUser(db)]);
      const conversationId = (await ok(reader('POST', '/api/conversations', ana, { recipientId: ben.id })))._id;
      const socket = await connectClient(readerUrl(), ana.token);
      cleanups.push(() => void socket.disconnect());
      const device = pushService.subscribe();
      let subscribed = false;
      // Sends a message through the reader node (which reads whether Ben has a device); Ben's push, if one arrives.
      // Before the write Ben has no device, so no push can arrive: the read only fills the reader's memory with "none".
      const read = async () => {
        const ack = await call(socket, 'sendMessage', { conversationId, text: word(), clientMessageId: word() });
        if (!ack._id) throw new Error(JSON.stringify(ack));
        if (!subscribed) return false;
        return pushService.next(device.id, undefined, 10_000).then(() => true, () => false);
      };
      const write = async () => {
        await ok(writer('POST', '/api/users/me/push-subscriptions', ben, { endpoint: device.endpoint, keys: device.keys, deviceName: 'Phone' }));
        subscribed = true;
      };
      return { read, before: false, write, after: true };
    },
  },
  {
    event: 'settings.changed', what: 'an administrator\'s platform setting applies at once',
    async prepare({ reader, writer, db }) {
      const admin = await createAdmin(db);
      const read = async () => (await reader('GET', '/api/admin/forum-privacy', admin)).body.mode;
      return { read, before: 'confirm', write: () => ok(writer('PUT', '/api/admin/forum-privacy', admin, { mode: 'refuse' })), after: 'refuse' };
    },
  },
  {
    event: 'files.deleted', what: 'an unsent picture\'s kept thumbnail is gone for the other participant',
    async prepare({ writer, db, readerUrl }) {
      const [ana, ben] = await Promise.all([createUser(db), createUser(db)]);
      const conversationId = (await ok(writer('POST', '/api/conversations', ana, { recipientId: ben.id })))._id as string;
      const form = new FormData();
      const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 9, g: 99, b: 199 } } }).jpeg().toBuffer();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'scan.jpg');
      const uploaded = await fetch(`${readerUrl()}/api/files`, { method: 'POST', headers: ana.headers, body: form });
      const fileId = ((await uploaded.json()) as { _id: string })._id;
      const sent = await ok(writer('POST', `/api/conversations/${conversationId}/messages`, ana, { text: 'Scan', attachmentIds: [fileId] }));
      // Bytes, not JSON: fetched from the reader's node.
      const read = async () => (await fetch(`${readerUrl()}/api/files/${fileId}/thumbnail`, { headers: ben.headers })).status;
      return { read, before: 200, write: () => ok(writer('DELETE', `/api/conversations/${conversationId}/messages/${sent._id}`, ana)), after: 404 };
    },
  },
];

it('every event a cache is declared to be cleared by has a freshness scenario here', () => {
  const declared = new Set([...Object.values(MEMBER_CACHES), ...Object.values(SHARED_CACHES), SESSION_CACHE, THUMBNAIL_CACHE]
    .flatMap((d) => [...d.clearedBy]));
  expect(new Set(scenarios.map((s) => s.event))).toEqual(declared);
});

const cleanups: (() => Promise<unknown> | void)[] = [];
beforeAll(async () => {
  pushService = await startLocalPushService();
  cleanups.push(() => pushService.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('on one node', () => {
  let ctx: TestContext;
  const call = caller(() => ctx.app);
  beforeAll(async () => {
    ctx = await createTestContext({ config: withPush(), listen: true });
    cleanups.push(() => ctx.close());
  });

  it.each(scenarios.map((s) => [`${s.event}: ${s.what}`, s] as const))('%s, in the very next read', async (_name, scenario) => {
    const { read, before, write, after } = await scenario.prepare({ reader: call, writer: call, db: ctx.db, readerUrl: () => baseUrl(ctx) });
    expect(await read()).toEqual(before);
    await write();
    expect(await read()).toEqual(after);
  });

  it('a change made without an event stays unseen for the entry\'s minute (so the event is what made the reads fresh)', async () => {
    const [ana, ben] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const post = await ok(call('POST', '/api/forumPosts', ana, { title: 'Kept', content: 'x' }));
    const community = await createCommunity(ctx.db, {}, [ana.id]);
    expect(await feedIds(call, ben)()).toContain(post._id);
    expect((await call('GET', '/api/notifications/unread-count', ana)).body.count).toBe(0);
    await ctx.db.execute(sql`UPDATE posts SET community_id = ${community.id} WHERE id = ${post._id}`);
    await ctx.db.execute(sql`INSERT INTO notifications (user_id, type, actor_ids, actor_count, target_kind, target_id, target_title, target_url)
      VALUES (${ana.id}, 'postReply', '{}', 0, 'post', ${post._id}, 'Kept', '/')`);
    const [kept] = ((await call('GET', '/api/forumPosts/feed', ben)).body.posts as { _id: string; community: unknown }[]).filter((p) => p._id === post._id);
    expect(kept.community).toBeNull();
    expect((await call('GET', '/api/notifications/unread-count', ana)).body.count).toBe(0);
  });
});

// Two nodes need PostgreSQL (one database for both) and Redis (the fan-out between them), as the other two-node tests.
const twoNodes = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!twoNodes)('on the other node', () => {
  let db: Db;
  let nodeA: App;
  let nodeB: App;
  beforeAll(async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    db = database.db;
    const nodes: App[] = [];
    for (let i = 0; i < 2; i++) {
      const node = await startRedisNode(db, { config: withPush(), listen: true });
      cleanups.push(node.close);
      nodes.push(node.app);
    }
    [nodeA, nodeB] = nodes;
  }, 60_000);

  it.each(scenarios.map((s) => [`${s.event}: ${s.what}`, s] as const))('%s, once the word has crossed Redis', async (_name, scenario) => {
    const { read, before, write, after } = await scenario.prepare({ reader: caller(() => nodeB), writer: caller(() => nodeA), db, readerUrl: () => urlOf(nodeB) });
    expect(await read()).toEqual(before);
    await write();
    // Redis carries the event in milliseconds; ten seconds allows for a busy machine, against the minute the entries
    // would otherwise live.
    await expect.poll(read, { timeout: 10_000, interval: 20 }).toEqual(after);
  }, 60_000);
});
